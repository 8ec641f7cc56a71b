import Document
import Foundation
import Render

/// `folio demo`: writes sample exports and orders, then runs each order on the embedded default.
public struct Demo {
    public var config: FolioConfig

    public init(config: FolioConfig) { self.config = config }

    /// Writes the sample exports and drops their orders into the hot folder; returns the
    /// order ids. The runner takes it from there, as it would at night.
    public func prepare(progress: (String) -> Void) throws -> [String] {
        // One book for an sRGB printer, one for a CMYK press (FOGRA39).
        let samples: [(id: String, language: BookLanguage, title: String, author: String, scope: [String: Any], preset: String,
                       product: String)] = [
            ("demo-en-2025", .english, "A Year of Small Things", "Anna K.", ["year": 2025], "night", "a5-softcover"),
            ("demo-ru-2025", .russian, "Мой 2025", "Анна К.", ["all": true], "sunset", "a5-softcover-fogra39"),
        ]
        try FileManager.default.createDirectory(at: config.inbox, withIntermediateDirectories: true)
        // The sample books are rendered afresh on every run (by this build, with these samples):
        // the demo's own finished jobs are forgotten first, or the queue would keep the old ones.
        let queue = try config.openQueue()
        for sample in samples where try queue.forget(sample.id) {
            progress("forgot the previous \(sample.id)")
        }
        for (index, sample) in samples.enumerated() {
            let export = config.exportsRoot.appendingPathComponent(sample.id)
            try? FileManager.default.removeItem(at: export)
            let summary = try DemoExport.write(language: sample.language, year: 2025, to: export, seed: UInt64(index + 1))
            progress("export \(export.path): \(summary.entries) entries, \(summary.archived) archived, \(summary.photos) photos")
            let order: [String: Any] = [
                "format": "folio-order/1",
                "id": sample.id,
                "export": sample.id,
                "book": ["title": sample.title, "subtitle": NSNull(), "author": sample.author,
                         "language": sample.language.rawValue, "scope": sample.scope, "cover": ["preset": sample.preset]],
                "outputs": ["interior", "cover", "epub"],
                "product": sample.product,
                "destination": "local",
            ]
            let data = try JSONSerialization.data(withJSONObject: order, options: [.prettyPrinted, .sortedKeys])
            let file = config.inbox.appendingPathComponent("\(sample.id).json")
            // Written under another name and renamed into place, as a well-behaved writer does.
            try data.write(to: config.inbox.appendingPathComponent(".\(sample.id).json.tmp"))
            try? FileManager.default.removeItem(at: file)
            try FileManager.default.moveItem(at: config.inbox.appendingPathComponent(".\(sample.id).json.tmp"), to: file)
            progress("order \(file.path)")
        }
        return samples.map(\.id)
    }
}
