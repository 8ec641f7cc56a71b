import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// An order dropped again with the same bytes is never dropped silently: a failed one (its
/// export fixed meanwhile) is queued again and rendered afresh; a done one is said to be done.
@Suite(.serialized) struct IntakeDuplicateTests {
    @Test func theSameOrderDroppedAgainIsRetriedOrSaidToBeThere() throws {
        let workspace = try Workspace.batch(#", "max_attempts": 1"#)
        let inbox = workspace.root.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        let order = try JSONSerialization.data(withJSONObject: Sample.order(id: "fixed-00", export: "later"), options: [.sortedKeys])
        try order.write(to: inbox.appendingPathComponent("fixed-00.json"))
        _ = try workspace.run(workers: 1)
        #expect(try workspace.states()["fixed-00"] == "failed")
        // The export is fixed, and the very same order file dropped again.
        try workspace.writeExport("later", journal: Sample.journal([Sample.entry("e1", "2025-03-03T10:00:00Z", text: "Here after all.")]))
        try order.write(to: inbox.appendingPathComponent("fixed-00.json"))
        let intake = try workspace.folio(["intake"])
        #expect(intake.output.contains("fixed-00: queued"), "\(intake.output)\(intake.errors)")
        _ = try workspace.run(workers: 1)
        #expect(try workspace.states()["fixed-00"] == "done")
        #expect(try workspace.config.openQueue().events("fixed-00").contains { $0.event == "retried" && $0.by == "intake" })
        // Dropped once more, done: not queued, and the intake says why.
        try order.write(to: inbox.appendingPathComponent("fixed-00.json"))
        let again = try workspace.folio(["intake"])
        #expect(again.output.contains("fixed-00: already in the queue (done)"), "\(again.output)\(again.errors)")
        #expect(try workspace.states()["fixed-00"] == "done")
        let night = try workspace.run(workers: 1)
        #expect(!night.output.contains("started fixed-00"), "\(night.output)")
    }
}
