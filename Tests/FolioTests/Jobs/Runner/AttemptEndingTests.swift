import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// A job process ends its own attempt through the queue (it holds the lease behind its fence)
/// and pushes its stages on standard output; the runner ends only the attempts of processes
/// that died first (RunnerTests, ExactlyOnceTests).
@Suite(.serialized) struct AttemptEndingTests {
    @Test func aJobProcessWithNoRunnerEndsItsAttemptAndSaysEachStage() throws {
        let workspace = try Workspace.batch()
        let ids = try workspace.drop(1, prefix: "alone")
        _ = try workspace.folio(["intake"])
        let queue = try SQLiteQueue(path: workspace.root.appendingPathComponent("folio.db"))
        _ = try #require(try queue.claim(worker: "by-hand", lease: 600))

        let run = try workspace.folio(["_job", ids[0], "--worker", "by-hand"])
        #expect(run.status == 0, "\(run.output)\n\(run.errors)")
        let job = try #require(try queue.job(ids[0]))
        #expect(job.state == .done && job.worker == nil, "\(job)")
        #expect(try queue.events(ids[0]).contains { $0.event == "done" && $0.by == "by-hand" })
        // The stages as pushed, in the pipeline's order, one line each.
        let stages = run.output.split(separator: "\n").filter { $0.hasPrefix("stage: ") }.map { String($0.dropFirst(7)) }
        let order = ["resolve", "render", "verify"].map { name in stages.firstIndex { $0 == name } }
        #expect(order.allSatisfy { $0 != nil } && order == order.sorted { ($0 ?? 0) < ($1 ?? 0) }, "\(stages)")
        #expect(stages.contains { $0.range(of: #"^render: \d+ pages$"#, options: .regularExpression) != nil }, "\(stages)")
        // Its own timings reach /metrics' store.
        let metrics = try queue.metrics()
        #expect(metrics.attempts.count == 1 && metrics.stages["render"]?.count == 1, "\(metrics)")
    }

    @Test func aFailureTheRegistryCallsFinalEndsTheJobFromItsProcess() throws {
        let workspace = try Workspace.batch()
        try workspace.writeExport("broken", journal: ["format": "folio-journal/1", "journals": "nope"])
        let inbox = workspace.root.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: Sample.order(id: "broken-one", export: "broken"))
            .write(to: workspace.root.appendingPathComponent("inbox/broken-one.json"))
        _ = try workspace.folio(["intake"])
        let queue = try SQLiteQueue(path: workspace.root.appendingPathComponent("folio.db"))
        _ = try #require(try queue.claim(worker: "by-hand", lease: 600))

        let run = try workspace.folio(["_job", "broken-one", "--worker", "by-hand"])
        #expect(run.status == 0, "\(run.output)\n\(run.errors)")
        let job = try #require(try queue.job("broken-one"))
        #expect(job.state == .failed && job.worker == nil, "\(job)")
        // Not retried: the registry says a broken export stays broken.
        #expect(job.attempts == 1 && job.lastError?.hasPrefix("wrong-type:") == true, "\(job.lastError ?? "")")
    }

    @Test func aProcessKilledBeforeItEndsItsAttemptIsEndedByTheRunnerAsACrash() throws {
        let workspace = try Workspace.batch(#", "max_attempts": 1"#)
        _ = try workspace.drop(1, prefix: "doomed")
        let run = try workspace.run(faults: "doomed-00:segv")
        #expect(run.status == 1, "\(run.output)\n\(run.errors)")
        let queue = try SQLiteQueue(path: workspace.root.appendingPathComponent("folio.db"))
        let job = try #require(try queue.job("doomed-00"))
        #expect(job.state == .failed, "\(job)")
        #expect(job.lastError?.contains("ended without ending its attempt") == true, "\(job.lastError ?? "")")
    }
}
