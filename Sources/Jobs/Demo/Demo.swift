import Foundation
import Render

/// `folio demo`: writes sample exports and orders, then runs each order on the embedded default.
public struct Demo {
    public var config: FolioConfig

    public init(config: FolioConfig) { self.config = config }

    public struct Book: Sendable {
        public var order: String
        public var folder: URL
        public var report: JobReport
    }

    public func run(progress: (String) -> Void) throws -> [Book] {
        let samples: [(id: String, language: BookLanguage, title: String, author: String, scope: [String: Any])] = [
            ("demo-en-2025", .english, "A Year of Small Things", "Anna K.", ["year": 2025]),
            ("demo-ru-2025", .russian, "Мой 2025", "Анна К.", ["all": true]),
        ]
        try FileManager.default.createDirectory(at: config.inbox, withIntermediateDirectories: true)
        var books: [Book] = []
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
                         "language": sample.language.rawValue, "scope": sample.scope, "cover": ["preset": "night"]],
                "outputs": ["interior", "cover", "epub"],
                "product": "a5-softcover",
                "destination": "local",
            ]
            let data = try JSONSerialization.data(withJSONObject: order, options: [.prettyPrinted, .sortedKeys])
            let orderFile = config.inbox.appendingPathComponent("\(sample.id).json")
            try data.write(to: orderFile)
            let folder = config.jobs.appendingPathComponent(sample.id)
            progress("render \(sample.id)")
            let report = Pipeline(config: config).run(orderData: data, orderFile: orderFile.path, into: folder)
            books.append(Book(order: sample.id, folder: folder, report: report))
        }
        return books
    }
}
