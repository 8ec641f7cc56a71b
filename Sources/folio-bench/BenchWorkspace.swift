import Diagnostics
import Foundation
import Jobs

/// A throwaway Folio installation: the repository's products, destinations and profiles, and a
/// folio.json whose folders (queue, inbox, jobs, reports) all lie beside it inside `root`.
struct BenchWorkspace {
    let root: URL

    var configFile: URL { root.appendingPathComponent("config/folio.json") }

    /// `exportsRoot` is relative to the config folder, as in any folio.json.
    init(root: URL, copying source: URL, exportsRoot: String = "../exports") throws(BenchError) {
        self.root = root
        let config = root.appendingPathComponent("config")
        let sourceFolder = source.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
            for folder in ["products", "destinations", "icc"] {
                let from = sourceFolder.appendingPathComponent(folder)
                guard FileManager.default.fileExists(atPath: from.path) else { continue }
                try FileManager.default.copyItem(at: from, to: config.appendingPathComponent(folder))
            }
            // Intake takes the bench's orders at once: they are renamed into place whole.
            let settings: [String: Any] = ["exports_root": exportsRoot, "inbox": "../inbox", "queue": "sqlite:../folio.db",
                                           "jobs": "../jobs", "reports": "../reports", "intake_settle_s": 0]
            try JSONSerialization.data(withJSONObject: settings, options: [.sortedKeys]).write(to: configFile)
        } catch {
            throw BenchError("cannot set up the bench configuration in \(config.path) from \(sourceFolder.path): \(error)")
        }
    }

    func loadConfig() throws(BenchError) -> FolioConfig {
        do {
            return try FolioConfig.load(configFile)
        } catch {
            throw BenchError("the bench configuration \(configFile.path) is invalid: \(error)")
        }
    }

    /// A bench order for `export` (a folder under the exports root): the whole job, every output.
    static func order(id: String, export: String, product: String, language: String = "en") -> [String: Any] {
        ["format": "folio-order/1", "id": id, "export": export,
         "book": ["title": "Bench", "author": "Folio", "language": language, "scope": ["all": true], "cover": ["preset": "night"]],
         "outputs": ["interior", "cover", "epub"], "product": product, "destination": "local"]
    }

    /// The `folio` built beside this `folio-bench` (the same build), which the bench starts as
    /// its child for every job it measures.
    static var executable: String {
        let bench = SharedFiles.executable ?? URL(fileURLWithPath: CommandLine.arguments[0]).absoluteURL
        return bench.deletingLastPathComponent().appendingPathComponent("folio").path
    }
}
