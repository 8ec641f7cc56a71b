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

/// An order file the hot folder refuses never becomes a job, and still shows everywhere an
/// operator looks: `folio status`, the console's Night page, `/api/night` and `/metrics`.
@Suite(.serialized) struct IntakeRejectionTests {
    @Test func aRefusedOrderShowsInStatusConsoleAPIAndMetrics() throws {
        let token = ConsoleTokens.newToken()
        let workspace = try Workspace.batch()
        try workspace.drop(1, prefix: "good")
        let inbox = workspace.root.appendingPathComponent("inbox")
        try Data("{ not json".utf8).write(to: inbox.appendingPathComponent("garbage.json"))
        // The same id as a queued order, other bytes: refused, with why.
        try JSONSerialization.data(withJSONObject: Sample.order(id: "good-00", export: "small", language: "es"), options: [.sortedKeys])
            .write(to: inbox.appendingPathComponent("good-00-again.json"))
        let intake = try workspace.folio(["intake"])
        #expect(intake.status == 2, "\(intake.output)\(intake.errors)")
        let status = try workspace.folio(["status"])
        #expect(status.output.contains("2 order files rejected at intake"), "\(status.output)")
        let listed = try workspace.folio(["status", "--rejected", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]], "\(listed.output)")
        // Files are taken in name order: the second of the two good-00 orders is the one refused.
        #expect(Set(rows.compactMap { $0["file"] as? String }) == ["garbage.json", "good-00.json"])
        for row in rows {
            let errorFile = try #require(row["error_file"] as? String)
            #expect(FileManager.default.fileExists(atPath: errorFile), "\(errorFile)")
            #expect((row["reason"] as? String)?.isEmpty == false)
        }
        #expect(rows.first { $0["file"] as? String == "good-00.json" }?["order"] as? String == "good-00")

        let server = try ConsoleServer(workspace, environment: ["FOLIO_CONSOLE_TOKEN": token])
        let bearer = ["Authorization": "Bearer \(token)"]
        let night = try Curl.request(server.base + "/", headers: bearer)
        #expect(night.status == 200 && night.body.contains("Rejected at intake") && night.body.contains("garbage.json"), "\(night.status)")
        let api = try Curl.request(server.base + "/api/night", headers: bearer)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(api.body.utf8)) as? [String: Any], "\(api.body)")
        #expect(object["rejected_at_intake"] as? Int == 2 && (object["rejected"] as? [Any])?.count == 2)
        let metrics = try Curl.request(server.base + "/metrics")
        #expect(metrics.body.contains("folio_intake_rejected_total 2"), "\(metrics.body.prefix(600))")
    }
}
