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
            let lines = run.output.split(separator: "\n").map(String.init)
            #expect(!lines.isEmpty)
            if format == "json" {
                // Every line parses, the last one too, and each carries its time, level and runner.
                let events = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                #expect(events.count == lines.count, "\(run.output)")
                #expect(events.allSatisfy { event in
                    ["ts", "level", "event", "runner"].allSatisfy { event[$0] is String }
                        && ["error", "warning", "notice", "info"].contains(event["level"] as? String ?? "")
                }, "\(run.output)")
                let first = try #require(events.first), last = try #require(events.last)
                #expect(first["event"] as? String == "runner-started" && first["workers"] as? Int != nil
                        && (first["queue"] as? String)?.hasPrefix("sqlite:") == true && first["version"] is String, "\(first)")
                #expect(last["event"] as? String == "runner-stopped" && last["failed"] as? Int == 1 && last["done"] as? Int == 1
                        && (last["batch_report"] as? String)?.contains("BATCH-") == true, "\(last)")
                let done = try #require(events.first { $0["event"] as? String == "finished" && $0["order"] as? String == ids[0] })
                #expect(done["state"] as? String == "done" && (done["duration_ms"] as? Int ?? -1) >= 0, "\(done)")
                #expect(done["attempt"] as? Int == 1 && done["level"] as? String == "info", "\(done)")
                #expect(events.contains { $0["event"] as? String == "started" && $0["order"] as? String == ids[0] && $0["attempt"] as? Int == 1 })
                #expect(events.contains { $0["event"] as? String == "stage" && ($0["stage"] as? String)?.hasPrefix("render") == true })
                let bad = events.first { $0["order"] as? String == "bad-00" && $0["event"] as? String == "finished" }
                #expect(bad?["state"] as? String == "failed" && bad?["code"] as? String == "nothing-to-print", "\(String(describing: bad))")
                #expect(bad?["level"] as? String == "error")
                #expect(events.contains { $0["event"] as? String == "rejected" && $0["level"] as? String == "warning" })
                let stamp = try #require(done["ts"] as? String)
                #expect(ISO8601DateFormatter.withMilliseconds.date(from: stamp).map { abs($0.timeIntervalSinceNow) < 600 } == true, "\(stamp)")
            } else {
                #expect(lines.allSatisfy { $0.hasPrefix("ts=") && $0.contains(" level=") && $0.contains(" runner=") }, "\(lines)")
                #expect(lines.contains { $0.contains(" level=info event=finished runner=") && $0.contains(" order=\(ids[0]) attempt=1 state=done")
                    && $0.contains(" duration_ms=") }, "\(lines)")
                #expect(lines.contains { $0.contains("level=error event=finished") && $0.contains("order=bad-00")
                    && $0.contains("code=nothing-to-print") && $0.contains("error=\"") }, "\(lines)")
                #expect(lines.contains { $0.contains("level=warning event=rejected") && $0.contains(" file=refused-00.json error=\"") }, "\(lines)")
            }
        }
    }

    /// Under systemd, standard output is the journal's stream: each line then starts with its
    /// syslog priority, which journald takes off and keeps, so `journalctl -p err` finds failed jobs.
    @Test func theJournalGetsEachLinesPriority() throws {
        let workspace = try Workspace.batch()
        try workspace.writeExport("archived", journal: Sample.journal([Sample.entry("a1", "2025-03-03T10:00:00Z", archived: true)]))
        let inbox = workspace.root.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: Sample.order(id: "bad-00", export: "archived")).write(to: inbox.appendingPathComponent("bad-00.json"))
        let output = workspace.root.appendingPathComponent("journal-stream.txt")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        var status = stat()
        #expect(stat(output.path, &status) == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Workspace.folio)
        process.arguments = ["run", "--log-format", "json", "--config", workspace.configFile.path]
        var environment = ProcessInfo.processInfo.environment
        environment["JOURNAL_STREAM"] = "\(status.st_dev):\(status.st_ino)"
        process.environment = environment
        process.standardOutput = handle
        try process.run()
        process.waitUntilExit()
        let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("<6>{") == true, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("<3>{") && $0.contains(#""event":"finished""#) && $0.contains(#""order":"bad-00""#) }, "\(lines)")
        // journald takes the prefix off: what remains is the JSON line.
        #expect(lines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.dropFirst(3).utf8))) != nil }, "\(lines)")
    }
}

extension ISO8601DateFormatter {
    static var withMilliseconds: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
