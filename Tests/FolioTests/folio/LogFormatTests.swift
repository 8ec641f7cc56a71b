import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// `folio run --log-format`: every event a line of named fields that a log shipper parses, with
/// the order, attempt, stage, state, duration and error code.
@Suite struct LogFormatTests {
    @Test func jsonAndLogfmtLines() throws {
        for format in ["json", "logfmt"] {
            let workspace = try Workspace.batch()
            let ids = try workspace.drop(1, prefix: "good")
            let inbox = workspace.root.appendingPathComponent("inbox")
            // Refused at intake, and a job that fails: its only entry is archived.
            try JSONSerialization.data(withJSONObject: Sample.order(id: "refused-00", export: "small", extra: ["product": "no-such-product"]))
                .write(to: inbox.appendingPathComponent("refused-00.json"))
            try workspace.writeExport("archived", journal: Sample.journal([Sample.entry("a1", "2025-03-03T10:00:00Z", archived: true)]))
            try JSONSerialization.data(withJSONObject: Sample.order(id: "bad-00", export: "archived"))
                .write(to: inbox.appendingPathComponent("bad-00.json"))
            let run = try workspace.folio(["run", "--log-format", format])
            let lines = run.output.split(separator: "\n").map(String.init).filter { !$0.contains("batch report:") }
            #expect(!lines.isEmpty)
            if format == "json" {
                let events = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                #expect(events.count == lines.count, "\(run.output)")
                let done = try #require(events.first { $0["event"] as? String == "finished" && $0["order"] as? String == ids[0] })
                #expect(done["state"] as? String == "done" && (done["duration_ms"] as? Int ?? -1) >= 0, "\(done)")
                #expect(events.contains { $0["event"] as? String == "started" && $0["order"] as? String == ids[0] && $0["attempt"] as? Int == 1 })
                #expect(events.contains { $0["event"] as? String == "stage" && ($0["stage"] as? String)?.hasPrefix("render") == true })
                let bad = events.first { $0["order"] as? String == "bad-00" && $0["event"] as? String == "finished" }
                #expect(bad?["state"] as? String == "failed" && bad?["code"] as? String == "nothing-to-print", "\(String(describing: bad))")
            } else {
                #expect(lines.allSatisfy { $0.hasPrefix("event=") }, "\(lines)")
                #expect(lines.contains { $0.hasPrefix("event=finished order=\(ids[0]) state=done") && $0.contains(" duration_ms=") }, "\(lines)")
                #expect(lines.contains { $0.contains("order=bad-00") && $0.contains("code=nothing-to-print") && $0.contains("error=\"") }, "\(lines)")
                #expect(lines.contains { $0.hasPrefix("event=rejected file=refused-00.json error=\"") }, "\(lines)")
            }
        }
    }
}
