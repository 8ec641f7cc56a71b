import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// The notices themselves: a webhook that answers, refuses or drops the connection; a token
/// that is not set; mail whose subject stays one line whatever the error says.
@Suite struct NotifierTests {
    static let failure = Notifier.Notice.failure(order: "anna-2025", state: .failed,
                                                 error: "render-failed: the font\nBcc: everyone@example.com", attempts: 3)

    @Test func aWebhookIsAskedAgainOnNoAnswerButNotOnARefusal() throws {
        let hook = try FaultServer()
        var settings = NotifySettings()
        settings.webhook = hook.url("ok/notices")
        #expect(Notifier(settings: settings).send(Self.failure).isEmpty)
        // Dropped once, then taken: asked again.
        settings.webhook = hook.url("reset/notices")
        #expect(Notifier(settings: settings).send(Self.failure).isEmpty)
        // A 400 is the hook refusing the notice: said, once.
        settings.webhook = hook.url("400/notices")
        #expect(Notifier(settings: settings).send(Self.failure) == ["notify.webhook: HTTP 400"])
        let seen = try hook.requests().map { $0["path"] as? String ?? "" }
        #expect(seen.filter { $0 == "/400/notices" }.count == 1, "\(seen)")
        let accepted = try hook.accepted()
        #expect(accepted["/ok/notices"] == 1 && accepted["/reset/notices"] == 1, "\(accepted)")
        // A token named but not set: nothing sent, and said.
        settings.webhook = hook.url("ok/notices")
        settings.webhookTokenVariable = "FOLIO_TEST_NO_SUCH_TOKEN"
        #expect(Notifier(settings: settings, environment: [:]).send(Self.failure) == ["notify.webhook: FOLIO_TEST_NO_SUCH_TOKEN is not set"])
        // Not wanted: nothing at all.
        settings.failures = false
        #expect(!Notifier(settings: settings).wants(Self.failure))
    }

    @Test func mailGoesThroughSendmailWithOneLineHeaders() throws {
        let workspace = try Workspace()
        let mailbox = workspace.root.appendingPathComponent("mailbox"), arguments = workspace.root.appendingPathComponent("arguments")
        let sendmail = workspace.root.appendingPathComponent("sendmail")
        try Data("#!/bin/sh\necho \"$@\" > '\(arguments.path)'\ncat > '\(mailbox.path)'\n".utf8).write(to: sendmail)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sendmail.path)
        var settings = NotifySettings()
        settings.mailTo = ["ops@example.com", "night@example.com"]
        settings.sendmail = sendmail.path
        #expect(Notifier(settings: settings).send(Self.failure).isEmpty)
        let message = try String(contentsOf: mailbox, encoding: .utf8)
        let headers = message.components(separatedBy: "\n\n").first ?? ""
        #expect(headers.hasPrefix("To: ops@example.com, night@example.com\nSubject: Folio: anna-2025 failed\n"), "\(message)")
        #expect(!headers.contains("Bcc"), "the error reached the headers: \(headers)")
        #expect(message.contains("after 3 attempts") && message.contains("folio retry anna-2025"))
        #expect(try String(contentsOf: arguments, encoding: .utf8) == "-t -oi\n")
        // A sendmail that fails is said.
        settings.sendmail = "/bin/false"
        #expect(Notifier(settings: settings).send(Self.failure) == ["notify.mail_to: /bin/false exited 1"])
    }
}
