import Foundation
import Testing

/// A `/metrics` answer read by prometheus_client's own parser (scripts/parse_metrics.py), so
/// the exposition is checked as a scraper reads it, not as we wrote it.
public struct Scrape {
    public struct Sample: Decodable {
        public var name: String
        public var labels: [String: String]
        public var value: Double
    }

    private struct Parsed: Decodable {
        public var families: [String: String]
        public var samples: [Sample]
    }

    public let families: [String: String]
    public let samples: [Sample]

    public init(exposition: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("metrics-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(exposition.utf8).write(to: file)
        let run = try Tool.run("python3", [repositoryRoot.appendingPathComponent("scripts/parse_metrics.py").path, file.path])
        guard run.status == 0 else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "prometheus_client refused the exposition: \(run.errors)"])
        }
        let parsed = try JSONDecoder().decode(Parsed.self, from: Data(run.output.utf8))
        families = parsed.families
        samples = parsed.samples
    }

    /// The value of the sample named `name` with exactly these labels.
    public func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
        samples.first { $0.name == name && $0.labels == labels }?.value
    }
}
