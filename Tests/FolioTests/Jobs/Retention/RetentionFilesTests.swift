import Diagnostics
import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// Retention's files: a pruned job's folder and outbox copies, accepted and rejected orders,
/// batch reports and orphan folders go after their days; a dry run removes nothing; what a kept
/// job needs stays. And intake: an order already printed is not printed again, and a disk
/// short of space pauses it.
@Suite struct RetentionFilesTests {
    static let day = 86_400.0

    /// Sets a file's time on the fixture's clock, as the night that wrote it would have.
    static func age(_ file: URL, at time: Double) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: time)], ofItemAtPath: file.path)
    }

    static func write(_ text: String, to file: URL, at time: Double) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        try age(file, at: time)
    }

    @Test func aSweepRemovesWhatIsPastItsDaysAndKeepsTheRest() throws {
        let fixture = try QueueFixture(.sqlite)
        let workspace = fixture.workspace
        var config = try workspace.config
        config.retention.doneDays = 7
        config.retention.failedDays = 7
        config.retention.cancelledDays = 7
        config.retention.rejectedDays = 3
        config.retention.reportsDays = 20
        let q = try RetentionTests.jobsOfEveryKind(fixture)
        let now = fixture.clock.now, old = now - 10 * Self.day, recent = now - Self.day
        let outbox = workspace.root.appendingPathComponent("outbox")
        for id in ["done", "failed", "held", "rejected"] {
            try Self.write("%PDF", to: config.jobs.appendingPathComponent("\(id)/interior.pdf"), at: old)
            try Self.age(config.jobs.appendingPathComponent(id), at: old)
        }
        // The done job also went to a local outbox, which the ledger names, and to a shared hot
        // folder (`file:/srv/hot/{file}`): its copy goes, the folder stays.
        let copy = outbox.appendingPathComponent("done/cover.pdf")
        try Self.write("%PDF cover", to: copy, at: old)
        try q.recordDelivery(LedgerEntry(job: "done", attempt: 1, kind: "cover", file: "cover.pdf", sha256: "cd", bytes: 10,
                                         destination: "outbox", url: copy.absoluteString, httpStatus: nil, responseID: nil,
                                         orderSHA256: SHA256.hex(of: Data("done".utf8)), worker: "w", deliveredAt: old))
        let hot = workspace.root.appendingPathComponent("hot"), shared = hot.appendingPathComponent("interior-done.pdf")
        try Self.write("%PDF", to: shared, at: old)
        try q.recordDelivery(LedgerEntry(job: "done", attempt: 1, kind: "interior", file: "interior.pdf", sha256: "ef", bytes: 4,
                                         destination: "hot", url: shared.absoluteString, httpStatus: nil, responseID: nil,
                                         orderSHA256: SHA256.hex(of: Data("done".utf8)), worker: "w", deliveredAt: old))
        let orphan = config.jobs.appendingPathComponent("forgotten-long-ago")
        try Self.write("x", to: orphan.appendingPathComponent("job.log"), at: old)
        try Self.age(orphan, at: old)
        // Old, but no job's: a folder without a job's log or report, and a file, stay.
        let stranger = config.jobs.appendingPathComponent("inbox")
        try Self.write("{}", to: stranger.appendingPathComponent("order.json"), at: old)
        try Self.age(stranger, at: old)
        try Self.write("notes", to: config.jobs.appendingPathComponent("README"), at: old)
        let accepted = config.inbox.appendingPathComponent("accepted")
        try Self.write(#"{"id": "done"}"#, to: accepted.appendingPathComponent("done.json"), at: old)
        try Self.write(#"{"id": "held"}"#, to: accepted.appendingPathComponent("held.json"), at: old)
        try Self.write(#"{"id": "new"}"#, to: accepted.appendingPathComponent("new.json"), at: recent)
        let rejected = config.inbox.appendingPathComponent("rejected")
        try Self.write("{", to: rejected.appendingPathComponent("broken.json"), at: old)
        try Self.write("not JSON", to: rejected.appendingPathComponent("broken.error.txt"), at: old)
        try Self.write("{", to: rejected.appendingPathComponent("today.json"), at: recent)
        try Self.write("{}", to: config.reports.appendingPathComponent("BATCH-19700101-000000.json"), at: now - 30 * Self.day)
        try Self.write("<p>", to: config.reports.appendingPathComponent("BATCH-19700101-000000.html"), at: now - 30 * Self.day)
        try Self.write("{}", to: config.reports.appendingPathComponent("BATCH-19700112-000000.json"), at: recent)
        let retention = Retention(config: config, queue: q) { Date(timeIntervalSince1970: fixture.clock.now) }

        func exists(_ file: URL) -> Bool { FileManager.default.fileExists(atPath: file.path) }
        let dry = try retention.apply(dryRun: true)
        #expect(Set(dry.jobs.map(\.id)) == ["done", "rejected", "cancelled"])
        #expect(dry.orphanFolders == 1 && dry.orders == 1 && dry.rejectedOrders == 1 && dry.batchReports == 1, "\(dry)")
        #expect(dry.undecidedFailures == 1 && dry.line.contains("kept 1 failed job nobody decided on"), "\(dry.line)")
        #expect(try q.job("done") != nil && exists(copy) && exists(orphan) && exists(accepted.appendingPathComponent("done.json")))

        let summary = try retention.apply()
        #expect(summary.jobs.map(\.id) == dry.jobs.map(\.id) && summary.bytes == dry.bytes, "\(summary) \(dry)")
        #expect(try q.job("done") == nil && q.proofs("done").count == 3)
        #expect(!exists(shared) && exists(hot), "the shared hot folder itself went")
        for gone in [config.jobs.appendingPathComponent("done"), config.jobs.appendingPathComponent("rejected"), copy,
                     outbox.appendingPathComponent("done"), orphan, accepted.appendingPathComponent("done.json"),
                     rejected.appendingPathComponent("broken.json"), rejected.appendingPathComponent("broken.error.txt"),
                     config.reports.appendingPathComponent("BATCH-19700101-000000.json"),
                     config.reports.appendingPathComponent("BATCH-19700101-000000.html")] {
            #expect(!exists(gone), "\(gone.path)")
        }
        for kept in [config.jobs.appendingPathComponent("failed/interior.pdf"), config.jobs.appendingPathComponent("held/interior.pdf"),
                     stranger.appendingPathComponent("order.json"), config.jobs.appendingPathComponent("README"),
                     accepted.appendingPathComponent("held.json"), accepted.appendingPathComponent("new.json"),
                     rejected.appendingPathComponent("today.json"), config.reports.appendingPathComponent("BATCH-19700112-000000.json")] {
            #expect(exists(kept), "\(kept.path)")
        }
        // A second sweep finds nothing more.
        #expect(try retention.apply().isEmpty)
    }

    @Test func anOrderPrintedBeforeIsNotPrintedAgainAfterItsJobWasPruned() throws {
        let fixture = try QueueFixture(.sqlite)
        var config = try fixture.workspace.config
        config.intakeSettleSeconds = 0
        let q = try fixture.queue()
        let order = try JSONSerialization.data(withJSONObject: Sample.order(id: "anna-2025", export: "small"), options: [.sortedKeys])
        _ = try q.enqueue(id: "anna-2025", order: order, signature: nil, replace: false)
        _ = try #require(try q.claim(worker: "w", lease: 30))
        try q.recordDelivery(LedgerEntry(job: "anna-2025", attempt: 1, kind: "interior", file: "interior.pdf", sha256: "ab", bytes: 9,
                                         destination: "shop", url: "https://printer/x", httpStatus: 201, responseID: nil,
                                         orderSHA256: SHA256.hex(of: order), worker: "w", deliveredAt: fixture.clock.now))
        #expect(try q.finish(id: "anna-2025", worker: "w", succeeded: true, error: nil, final: true) == .done)
        fixture.clock.advance(40 * Self.day)
        #expect(try Retention(config: config, queue: q) { Date(timeIntervalSince1970: fixture.clock.now) }.apply().jobs.count == 1)
        try fixture.workspace.writeExport("small", journal: Sample.journal([Sample.entry("e1", "2025-03-03T10:00:00Z")]))
        try FileManager.default.createDirectory(at: config.inbox, withIntermediateDirectories: true)
        try order.write(to: config.inbox.appendingPathComponent("again.json"))
        let summary = try Intake(config: config, queue: q).run()
        #expect(summary.accepted.isEmpty && summary.alreadyQueued.map(\.state) == ["delivered (pruned)"], "\(summary)")
        #expect(try q.job("anna-2025") == nil)
        // A new edition of the same order (other bytes) is printed.
        let edition = try JSONSerialization.data(withJSONObject: Sample.order(id: "anna-2025", export: "small", language: "de"))
        try edition.write(to: config.inbox.appendingPathComponent("edition.json"))
        #expect(try Intake(config: config, queue: q).run().accepted == ["anna-2025"])
    }

    @Test func aDiskShortOfSpacePausesIntakeAndSaysSo() throws {
        let fixture = try QueueFixture(.sqlite)
        var config = try fixture.workspace.config
        config.intakeSettleSeconds = 0
        config.retention.minimumFreeBytes = Int64.max / 2
        try FileManager.default.createDirectory(at: config.inbox, withIntermediateDirectories: true)
        let file = config.inbox.appendingPathComponent("waiting.json")
        try JSONSerialization.data(withJSONObject: Sample.order(id: "waiting", export: "small")).write(to: file)
        let summary = try Intake(config: config, queue: try fixture.queue()).run()
        // Every place shares one disk here; which reads least free depends on what the other
        // tests write between the reads.
        #expect(summary.pausedFor?.hasPrefix("intake paused: ") == true && summary.pausedFor?.contains("min_free_mb") == true,
                "\(String(describing: summary.pausedFor))")
        #expect(FileManager.default.fileExists(atPath: file.path))
        config.retention.minimumFreeBytes = 1
        #expect(try Intake(config: config, queue: try fixture.queue()).run().accepted == ["waiting"])
    }
}
