import Foundation
import Jobs

/// The repository this file lives in (`Tests/FolioTestSupport/Workspace.swift`).
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// `../shared/corpus` beside the repository.
public let corpusRoot = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")

/// A throwaway Folio installation: a config folder (the repository's products and
/// destinations), an exports root and a jobs folder, removed when the test ends.
public final class Workspace {
    public let root: URL
    public let configFile: URL
    public let exports: URL
    public let jobs: URL

    /// `queue` is folio.json's queue (the SQLite file beside the workspace unless told).
    public init(settings: String = "", queue: String = "sqlite:../folio.db") throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-test-\(UUID().uuidString)")
        let config = root.appendingPathComponent("config")
        exports = root.appendingPathComponent("exports")
        jobs = root.appendingPathComponent("jobs")
        for folder in [config, exports, jobs] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        // icc/ holds the FOGRA39 profile that scripts/build-profiles.sh builds (make test runs it).
        for folder in ["products", "destinations", "icc"]
        where FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent("config/\(folder)").path) {
            try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("config/\(folder)"),
                                             to: config.appendingPathComponent(folder))
        }
        configFile = config.appendingPathComponent("folio.json")
        try Data("""
            {"exports_root": "../exports", "inbox": "../inbox", "queue": "\(queue)",
             "jobs": "../jobs", "reports": "../reports", "workers": 1\(settings)}
            """.utf8).write(to: configFile)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    public var config: FolioConfig {
        get throws { try FolioConfig.load(configFile) }
    }

    /// Writes `text` to `exports/PATH`, making its folders: an app's export file by file.
    public func writeExportFile(_ text: String, _ path: String) throws {
        let file = exports.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// Writes `exports/NAME/journal.json`; returns the export folder.
    @discardableResult
    public func writeExport(_ name: String, journal: [String: Any]) throws -> URL {
        let folder = exports.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: journal, options: [.sortedKeys])
            .write(to: folder.appendingPathComponent("journal.json"))
        return folder
    }

    /// `exports/NAME`: one entry with three corpus photos, whose interior is a few hundred
    /// kilobytes: a body that takes a while to send to a slow printer.
    public func writePhotoExport(_ name: String) throws {
        let photos = ["orientation/libavif_dog_exif_extended_xmp_icc.jpg", "color/prism_pizza-rgb8-srgb.jpg", "color/prism_pizza-rgb8-displayp3.jpg"]
        let export = try writeExport(name, journal: Sample.journal([Sample.entry(
            "e1", "2025-03-03T10:00:00Z", text: "A day of pictures.",
            photos: photos.indices.map { ["file": "photos/p\($0).jpg", "caption": "Photo \($0)"] })]))
        for (index, path) in photos.enumerated() {
            try FileManager.default.copyItem(at: corpusRoot.appendingPathComponent("photos/\(path)"),
                                             to: export.appendingPathComponent("photos/p\(index).jpg"))
        }
    }

    /// Writes an order file into the workspace and returns its path and bytes.
    public func writeOrder(_ order: [String: Any], name: String = "order.json") throws -> (file: URL, data: Data) {
        let data = try JSONSerialization.data(withJSONObject: order, options: [.sortedKeys])
        let file = root.appendingPathComponent(name)
        try data.write(to: file)
        return (file, data)
    }

    /// Runs the pipeline on an order and returns the report and the job folder.
    public func render(_ order: [String: Any], name: String = "job") throws -> (report: JobReport, folder: URL) {
        let (file, data) = try writeOrder(order, name: "\(name).json")
        let folder = jobs.appendingPathComponent(name)
        return (Pipeline(config: try config).run(orderData: data, orderFile: file.path, into: folder), folder)
    }
}

/// Builders for the contract's JSON documents, with overridable fields.
public enum Sample {
    public static func order(id: String = "ord-1", export: String = "anna", language: String = "en",
                      scope: Any = ["all": true], outputs: [String] = ["interior"],
                      extra: [String: Any] = [:]) -> [String: Any] {
        var order: [String: Any] = [
            "format": "folio-order/1", "id": id, "export": export,
            "book": ["title": "Anna's Year", "subtitle": NSNull(), "author": "Anna K.", "language": language,
                     "scope": scope, "cover": ["preset": "night"]] as [String: Any],
            "outputs": outputs, "product": "a5-softcover", "destination": "local",
        ]
        for (key, value) in extra { order[key] = value }
        return order
    }

    public static func entry(_ id: String, _ created: String, text: String = "Some words.", journal: String = "j1",
                      archived: Bool = false, title: Any = NSNull(), photos: [[String: Any]] = []) -> [String: Any] {
        ["id": id, "journal": journal, "created_at": created, "title": title, "text": text, "archived": archived,
         "photos": photos]
    }

    public static func journal(_ entries: [[String: Any]], journals: [[String: String]] = [["id": "j1", "title": "Travel"]]) -> [String: Any] {
        ["format": "folio-journal/1", "journals": journals, "entries": entries]
    }
}
