import Import
import Foundation

/// `notify` in folio.json: who hears of each night's report and of each failure that needs a
/// person, by an HTTP webhook (a JSON POST), by mail through `sendmail`, or both.
public struct NotifySettings: Sendable, Equatable {
    /// An `https://` (or `http://`) URL that receives each notice as JSON.
    public var webhook: String?
    /// The environment variable holding the webhook's bearer token, if it wants one.
    public var webhookTokenVariable: String?
    /// A private CA's certificates for the webhook's server (resolved against the config folder).
    public var webhookCAFile: String?
    public var mailTo: [String] = []
    public var sendmail = "/usr/sbin/sendmail"
    /// Each job that ends failed or with its delivery unknown.
    public var failures = true
    /// Each night's summary, once its report is cut.
    public var nights = true

    public init() {}

    public var isEmpty: Bool { webhook == nil && mailTo.isEmpty }

    static func read(_ reader: inout ObjectReader, issues: IssueList, folder: URL) -> NotifySettings {
        var settings = NotifySettings()
        guard var section = reader.object("notify", required: false) else { return settings }
        if let webhook = section.string("webhook", required: false) {
            if webhook.hasPrefix("https://") || webhook.hasPrefix("http://") {
                settings.webhook = webhook
            } else {
                issues.add(.invalidValue, "notify.webhook", "expected an https:// or http:// URL, got \"\(webhook)\"")
            }
        }
        settings.webhookTokenVariable = section.string("webhook_token_env", required: false)
        settings.webhookCAFile = section.string("webhook_ca_file", required: false).map { FolioConfig.path($0, in: folder).path }
        for (index, value) in (section.array("mail_to", required: false) ?? []).enumerated() {
            // One plain address each: nothing that could add a header or a second recipient.
            guard case .string(let address) = value, address.wholeMatch(of: /[^\s@<>,;"']+@[^\s@<>,;"']+/) != nil else {
                issues.add(.invalidValue, "notify.mail_to[\(index)]", "expected one mail address such as ops@example.com")
                continue
            }
            settings.mailTo.append(address)
        }
        settings.sendmail = section.string("sendmail", required: false).map { FolioConfig.path($0, in: folder).path } ?? settings.sendmail
        settings.failures = section.bool("failures", required: false) ?? settings.failures
        settings.nights = section.bool("nights", required: false) ?? settings.nights
        section.rejectUnknownKeys()
        return settings
    }
}
