import Foundation
import Testing
import Jobs

/// The night batch through the real `folio` binary, in a workspace: orders dropped in the hot
/// folder, runs, and the queue's view of them.
extension Workspace {
    public static let folio = repositoryRoot.appendingPathComponent(".build/debug/folio").path
    /// The same program with the faults of FOLIO_TEST_FAULT in its job processes (Tests/FolioWithFaults).
    public static let folioWithFaults = repositoryRoot.appendingPathComponent(".build/debug/folio-with-faults").path

    /// A workspace whose orders are small books, taken from the inbox at once.
    public static func batch(_ settings: String = "", queue: String = "sqlite:../folio.db") throws -> Workspace {
        try Workspace(settings: #", "intake_settle_s": 0, "retry_base_s": 0, "lease_s": 2"# + settings, queue: queue)
    }

    /// `count` orders of a one-entry diary, named PREFIX-00…, in the inbox.
    @discardableResult
    public func drop(_ count: Int, prefix: String = "ord", extra: [String: Any] = [:], outputs: [String] = ["interior"]) throws -> [String] {
        let inbox = root.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        try writeExport("small", journal: Sample.journal([Sample.entry("e1", "2025-03-03T10:00:00Z", text: "A short day.")]))
        return try (0..<count).map { index in
            let id = String(format: "\(prefix)-%02d", index)
            let data = try JSONSerialization.data(withJSONObject: Sample.order(id: id, export: "small", outputs: outputs, extra: extra),
                                                  options: [.sortedKeys])
            try data.write(to: inbox.appendingPathComponent("\(id).json"))
            return id
        }
    }

    /// `folio run`; with `faults` (`ID:segv,ID2:oom,ID3:exit,ID4:kill-after-delivery`), run by
    /// `folio-with-faults`, whose job processes end as those say.
    public func run(_ arguments: [String] = [], workers: Int = 2, environment extra: [String: String] = [:],
                    faults: String? = nil) throws -> ToolRun {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in extra { environment[key] = value }
        if let faults { environment["FOLIO_TEST_FAULT"] = faults }
        return try Tool.run(faults == nil ? Self.folio : Self.folioWithFaults,
                            ["run", "--workers", String(workers), "--config", configFile.path] + arguments, environment: environment)
    }

    public func folio(_ arguments: [String]) throws -> ToolRun {
        try Tool.run(Self.folio, arguments + ["--config", configFile.path])
    }

    public func states() throws -> [String: String] {
        let run = try folio(["status", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: rows.compactMap { row in (row["id"] as? String).map { ($0, row["state"] as? String ?? "") } })
    }

    public func report(_ id: String) throws -> JobReport {
        try JSONDecoder().decode(JobReport.self, from: Data(contentsOf: jobs.appendingPathComponent("\(id)/report.json")))
    }

    /// A destination `printer` on `url` (a template), retried quickly.
    public func printer(_ url: String, attempts: Int = 6) throws {
        try Data("""
            {"url": "\(url)", "method": "PUT",
             "retry": {"max_attempts": \(attempts), "base_delay_ms": 10, "max_delay_ms": 2000, "budget_s": 120}}
            """.utf8).write(to: root.appendingPathComponent("config/destinations/printer.json"))
    }
}
