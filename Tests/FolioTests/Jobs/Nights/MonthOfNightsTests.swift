import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// A month on a server, on a fast clock: 30 nights of 20 books (each night one that fails, one
/// held for review) through the real binary, with seven days' retention, a webhook and mail.
/// The disk levels off, what is kept stays whole, every night has its report, and each failure
/// is announced once.
@Suite(.serialized) struct MonthOfNightsTests {
    static let day = 86_400.0
    static let nights = 30

    /// Bytes of every file under `folder`.
    static func used(_ folder: URL) -> Int64 {
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.fileSizeKey, .isRegularFileKey])
        var total: Int64 = 0
        while let file = walker?.nextObject() as? URL {
            let values = try? file.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey])
            if values?.isRegularFile == true { total += Int64(values?.fileSize ?? 0) }
        }
        return total
    }

    @Test func aMonthOfNightsLevelsOffKeepsWhatItMustAndReportsItself() throws {
        let hook = try FaultServer()
        let mailbox = FileManager.default.temporaryDirectory.appendingPathComponent("folio-mail-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: mailbox) }
        let workspace = try Workspace.batch("""
            , "workers": 2, "night": {"cut_hour": 7, "time_zone": "UTC"},
            "retention": {"done_days": 7, "failed_days": 7, "cancelled_days": 7, "rejected_days": 60, "reports_days": 60, "min_free_mb": 0},
            "notify": {"webhook": "\(hook.url("ok/notices"))", "mail_to": ["ops@example.com"], "sendmail": "../sendmail"}
            """)
        // A stand-in for the local MTA: each message appended to the mailbox, as sendmail -t -oi gets it.
        let sendmail = workspace.root.appendingPathComponent("sendmail")
        try Data("#!/bin/sh\n{ cat; echo '--- end of message ---'; } >> '\(mailbox.path)'\n".utf8).write(to: sendmail)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sendmail.path)
        try Data(#"{"url": "file:../var/outbox/{order}/{file}", "method": "PUT", "review": "always"}"#.utf8)
            .write(to: workspace.root.appendingPathComponent("config/destinations/reviewed.json"))
        try workspace.writeExport("archived", journal: Sample.journal([Sample.entry("a1", "2025-03-03T10:00:00Z", archived: true)]))
        let inbox = workspace.root.appendingPathComponent("inbox")
        // Night n's run starts at 22:00 UTC on day n of a month from tomorrow on: always ahead of
        // the real clock, as the order files' times are.
        let today = floor(Date().timeIntervalSince1970 / Self.day) * Self.day + Self.day
        let clock = NightClock(cutHour: 7, timeZone: try #require(TimeZone(identifier: "UTC")))
        func offset(day: Int, hour: Double) -> String { String(today + Double(day) * Self.day + hour * 3600 - Date().timeIntervalSince1970) }
        func run(atDay day: Int) throws -> ToolRun {
            try workspace.run(["--log-format", "json"], workers: 2, environment: ["FOLIO_TEST_CLOCK_OFFSET_S": offset(day: day, hour: 22)],
                              faults: "")
        }
        var usage: [Int64] = []
        var failed: [String] = [], held: [String] = [], nightLabels: [String] = []
        for night in 0..<Self.nights {
            nightLabels.append(clock.label(at: today + Double(night) * Self.day + 22 * 3600))
            try workspace.drop(18, prefix: "n\(night)")
            let bad = "n\(night)-bad", review = "n\(night)-review"
            try JSONSerialization.data(withJSONObject: Sample.order(id: bad, export: "archived")).write(to: inbox.appendingPathComponent("\(bad).json"))
            try JSONSerialization.data(withJSONObject: Sample.order(id: review, export: "small", extra: ["destination": "reviewed"]))
                .write(to: inbox.appendingPathComponent("\(review).json"))
            let result = try run(atDay: night)
            #expect(result.output.contains(#""event":"runner-stopped""#), "night \(night): \(result.output.suffix(2000))\(result.errors.suffix(2000))")
            failed.append(bad)
            held.append(review)
            // The operator closes the odd nights' failures; the even nights' wait for a decision.
            if night % 2 == 1 {
                var environment = ProcessInfo.processInfo.environment
                environment["FOLIO_TEST_CLOCK_OFFSET_S"] = offset(day: night, hour: 23)
                let cancel = try Tool.run(Workspace.folioWithFaults, ["cancel", bad, "--config", workspace.configFile.path], environment: environment)
                #expect(cancel.status == 0, "\(cancel.errors)")
            }
            usage.append(Self.used(workspace.root))
        }
        // The morning after the last night: its report is cut too.
        _ = try run(atDay: Self.nights)

        // Disk levels off: the last fortnight grows by the held and undecided books alone.
        let firstWeek = usage[7] - usage[0], lastFortnight = usage[Self.nights - 1] - usage[15]
        #expect(lastFortnight * 3 < firstWeek, "usage by night: \(usage)")
        let states = try workspace.states()
        let queue = try workspace.config.openQueue()
        for night in 0..<Self.nights {
            let done = (0..<18).map { String(format: "n\(night)-%02d", $0) }
            if night >= Self.nights - 7 {
                // Within the week: every book kept whole, with its folder and its ledger.
                for id in done {
                    #expect(states[id] == "done", "\(id)")
                    #expect(FileManager.default.fileExists(atPath: workspace.jobs.appendingPathComponent("\(id)/interior.pdf").path), "\(id)")
                    #expect(try queue.deliveries(id).map(\.file) == ["interior.pdf"], "\(id)")
                }
            } else if night < Self.nights - 8 {
                // Past the week: gone, with their folders, but the printer's receipt is kept.
                for id in done {
                    #expect(states[id] == nil && !FileManager.default.fileExists(atPath: workspace.jobs.appendingPathComponent(id).path), "\(id)")
                    #expect(try queue.proofs(id).map(\.file) == ["interior.pdf"], "\(id)")
                }
            }
            // Never removed: a held book, a failure nobody decided on.
            #expect(states[held[night]] == "held", "\(held[night])")
            if night % 2 == 0 || night >= Self.nights - 7 { #expect(states[failed[night]] != nil, "\(failed[night])") }
            else { #expect(states[failed[night]] == nil, "\(failed[night]) was closed weeks ago and stays") }
        }
        // Every night has its report, in the queue and in reports/.
        let reports = Set(try queue.batchReports(limit: 1000).map(\.name))
        for label in nightLabels {
            #expect(reports.contains("NIGHT-\(label)"), "no report for the night of \(label): \(reports.sorted())")
            #expect(FileManager.default.fileExists(atPath: workspace.root.appendingPathComponent("reports/NIGHT-\(label).html").path))
        }
        // Announced once each: a failure per night, and each night's summary, by webhook and by mail.
        let mail = try String(contentsOf: mailbox, encoding: .utf8).components(separatedBy: "--- end of message ---\n")
        let failureMails = mail.filter { $0.contains("Subject: Folio: n") && $0.contains(" failed\n") }
        #expect(failureMails.count == Self.nights, "\(failureMails.count) failure mails")
        for id in failed { #expect(failureMails.filter { $0.contains("Subject: Folio: \(id) failed") }.count == 1, "\(id)") }
        let nightMails = mail.filter { $0.contains("Subject: Folio: the night of ") }
        #expect(nightMails.count == Self.nights, "\(nightMails.count) night mails")
        let accepted = try hook.accepted()
        #expect(accepted["/ok/notices"] == 2 * Self.nights, "\(accepted)")
    }
}
