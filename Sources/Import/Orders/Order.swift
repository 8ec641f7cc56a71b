import Diagnostics
import Document
import Foundation

/// A print order (`folio-order/1`): which export becomes which book, where it goes.
/// An order never carries a URL or a credential: `product` and `destination` name config entries.
public struct Order: Sendable, Equatable {
    public enum Scope: Sendable, Equatable {
        case year(Int)
        case journal(String)
        case all
    }

    public enum Output: String, Sendable, CaseIterable {
        case interior
        case cover
        case epub
    }

    static let coverPresets = ["sunset", "dawn", "night", "forest", "sea", "paper", "photo"]

    public var id: String
    /// Relative to the configured exports root.
    public var export: String
    /// `"export": {"path", "format", "timezone"}`: the export's format when the order names it
    /// (else it is detected), and the zone of formats that record no offset (jrnl, Markdown).
    public var exportFormat: ExportFormat?
    public var exportTimeZone: String?
    /// jrnl's `timeformat` for its text journals (`export.timeformat`); nil: detected.
    public var exportTimeFormat: String?
    /// `book.show_tags`: an imported entry's tags printed under its head.
    public var showTags = false
    public var title: String
    public var subtitle: String?
    public var author: String
    public var language: BookLanguage
    public var scope: Scope
    public var coverPreset: String
    /// `book.volumes`: how a book too long for the product is set as volumes (default auto).
    public var volumes: VolumeRequest = .auto
    /// With the `photo` preset: a photo path inside the export.
    public var coverPhoto: String?
    public var outputs: [Output]
    public var product: String
    public var destination: String

    /// Parses and validates an order's bytes; `file` is how messages name it.
    public static func decode(_ data: Data, file: String) throws(InputError) -> Order {
        let issues = IssueList(file: file)
        guard var reader = ObjectReader(try JSONValue.parse(data, file: file), path: "", issues: issues) else {
            throw InputError(issues.issues)
        }
        if let format = reader.string("format"), format != "folio-order/1" {
            issues.add(.invalidValue, "format", "expected \"folio-order/1\", got \"\(format)\"")
        }
        let id = reader.string("id")
        if let id, !isValidIdentifier(id) {
            issues.add(.invalidValue, "id",
                       "expected 1 to 100 letters, digits, '.', '_' or '-', starting with a letter or digit, got \"\(id)\"")
        }
        var export: String?, exportFormat: ExportFormat?, exportTimeZone: String?, exportTimeFormat: String?
        if case .object? = reader.value("export", required: false) {
            if var object = reader.object("export") {
                export = object.string("path")
                exportFormat = object.choice("format", required: false, from: ExportFormat.allCases.map(\.rawValue)).flatMap(ExportFormat.init)
                exportTimeZone = object.string("timezone", required: false)
                if let zone = exportTimeZone, TimeZone(identifier: zone) == nil {
                    issues.add(.invalidValue, "export.timezone", "expected an IANA time zone such as Europe/Berlin, got \"\(zone)\"")
                }
                exportTimeFormat = object.string("timeformat", required: false)
                if let format = exportTimeFormat, JrnlTimeFormat(format) == nil {
                    issues.add(.invalidValue, "export.timeformat",
                               "expected jrnl's timeformat with %Y %y %m %d %e %H %I %M %S %p %b %B %a %A %F %T %R %r, got \"\(format)\"")
                }
                object.rejectUnknownKeys()
            }
        } else {
            export = reader.string("export")
        }
        let book = readBook(&reader, issues: issues)
        var outputs: [Output] = []
        if let items = reader.array("outputs") {
            for (index, item) in items.enumerated() {
                guard case .string(let name) = item, let output = Output(rawValue: name) else {
                    issues.add(.invalidValue, "outputs[\(index)]", "expected \"interior\", \"cover\" or \"epub\"")
                    continue
                }
                if outputs.contains(output) {
                    issues.add(.invalidValue, "outputs[\(index)]", "\"\(name)\" is listed twice")
                }
                outputs.append(output)
            }
            if items.isEmpty { issues.add(.invalidValue, "outputs", "must name at least one output") }
        }
        let product = reader.string("product")
        let destination = reader.string("destination")
        for (key, value) in [("product", product), ("destination", destination)] {
            if let value, !isValidIdentifier(value) {
                issues.add(.invalidValue, key, "expected the id of a file in config/\(key)s/, got \"\(value)\"")
            }
        }
        reader.rejectUnknownKeys()
        try issues.check()
        guard let id, let export, let book, let product, let destination else { throw InputError(issues.issues) }
        var order = Order(id: id, export: export, title: book.title, subtitle: book.subtitle, author: book.author,
                          language: book.language, scope: book.scope, coverPreset: book.preset,
                          coverPhoto: book.photo, outputs: outputs, product: product, destination: destination)
        order.exportFormat = exportFormat
        order.showTags = book.showTags
        order.volumes = book.volumes
        order.exportTimeZone = exportTimeZone
        order.exportTimeFormat = exportTimeFormat
        return order
    }

    private struct BookFields {
        var title: String, subtitle: String?, author: String, language: BookLanguage
        var scope: Scope, preset: String, photo: String?
        var showTags = false
        var volumes = VolumeRequest.auto
    }

    private static func readBook(_ reader: inout ObjectReader, issues: IssueList) -> BookFields? {
        guard var book = reader.object("book") else { return nil }
        let title = book.string("title")
        let subtitle = book.string("subtitle", required: false)
        let author = book.string("author")
        var language: BookLanguage?
        if let tag = book.string("language") {
            language = BookLanguage(tag: tag)
            if language == nil {
                issues.add(.invalidValue, "book.language", "expected a BCP 47 language tag of a language CLDR describes (en, de-CH, pt-BR, zh-Hant, ja), got \"\(tag)\"")
            }
        }
        let scope = readScope(&book, issues: issues)
        var preset: String?, photo: String?
        if var cover = book.object("cover") {
            preset = cover.choice("preset", from: coverPresets)
            photo = cover.string("photo", required: preset == "photo")
            if photo != nil && preset != nil && preset != "photo" {
                issues.add(.invalidValue, "book.cover.photo", "only the \"photo\" preset takes a photo")
            }
            cover.rejectUnknownKeys()
        }
        let showTags = book.bool("show_tags", required: false) ?? false
        let volumes = book.value("volumes", required: false).map { VolumeRequest.read($0, issues: issues) }
        book.rejectUnknownKeys()
        guard let title, let author, let language, let scope, let preset, let volumes = volumes ?? .auto else { return nil }
        return BookFields(title: title, subtitle: subtitle, author: author, language: language, scope: scope,
                          preset: preset, photo: photo, showTags: showTags, volumes: volumes)
    }

    private static func readScope(_ book: inout ObjectReader, issues: IssueList) -> Scope? {
        let expected = "expected {\"year\": N}, {\"journal\": ID} or {\"all\": true}"
        guard let value = book.value("scope") else { return nil }
        guard case .object(let fields) = value, fields.count == 1, let only = fields.first else {
            issues.add(.invalidValue, "book.scope", expected)
            return nil
        }
        let (key, inner) = (only.key, only.value)
        switch (key, inner) {
        case ("year", .number(let year)) where year.rounded() == year && (1...9999).contains(year):
            return .year(Int(year))
        case ("journal", .string(let journal)) where !journal.isEmpty:
            return .journal(journal)
        case ("all", .bool(true)):
            return .all
        default:
            issues.add(.invalidValue, "book.scope", "\(expected), got {\"\(key)\": \(inner.typeName)}")
            return nil
        }
    }

    public static func isValidIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, text.unicodeScalars.count <= 100,
              first.isASCIIAlphanumeric else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCIIAlphanumeric || "._-".unicodeScalars.contains($0) }
    }
}
