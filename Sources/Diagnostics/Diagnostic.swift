/// One thing found wrong, or worth knowing, anywhere in a job: an input file's problem, a
/// renderer's notice, a verifier's finding, a report's line. One type for all of them, so a
/// code means the same wherever it is met and a location is always said the same way.
public struct Diagnostic: Sendable, Equatable, Codable, CustomStringConvertible {
    public enum Severity: String, Sendable, Codable, Comparable, CaseIterable {
        case error, warning, info

        private var rank: Int { self == .error ? 0 : self == .warning ? 1 : 2 }
        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    }

    public var severity: Severity
    /// Stable, one per kind of problem (scripts, tests and the registry rely on it).
    public var code: String
    public var message: String
    /// Where: the entry's id, and in the files made from it a page (1-based), a PDF object
    /// number and the file's name; in an input file its name and a JSON path such as
    /// `entries[3].created_at`.
    public var entry: String?
    public var page: Int?
    public var object: Int?
    public var file: String?
    public var path: String?
    /// What to do about it, when there is more to say than the message.
    public var hint: String?

    public init(severity: Severity, code: String, message: String, entry: String? = nil, page: Int? = nil, object: Int? = nil,
                file: String? = nil, path: String? = nil, hint: String? = nil) {
        self.severity = severity
        self.code = code
        self.message = message
        self.entry = entry
        self.page = page
        self.object = object
        self.file = file
        self.path = path
        self.hint = hint
    }

    /// A check's finding: `Diagnostic(.error, "code", "message", page: 3)`.
    public init(_ severity: Severity, _ code: String, _ message: String, page: Int? = nil, object: Int? = nil, entry: String? = nil) {
        self.init(severity: severity, code: code, message: message, entry: entry, page: page, object: object)
    }

    /// An input file's problem, always an error: the file, the JSON path in it, the entry.
    public init(code: String, file: String, path: String, entry: String? = nil, message: String) {
        self.init(severity: .error, code: code, message: message, entry: entry, file: file, path: path)
    }

    /// A renderer's notice: a warning, or worth knowing only (`info`).
    public init(code: String, message: String, entry: String? = nil, page: Int? = nil, isInformational: Bool = false) {
        self.init(severity: isInformational ? .info : .warning, code: code, message: message, entry: entry, page: page)
    }

    /// Worth knowing, nothing to fix.
    public var isInformational: Bool { severity == .info }

    /// An input file's problem reads "file: path (entry e): message"; anything else (a made
    /// file's finding among them, whose message begins with the file's name)
    /// "severity code (page 3, object 5, entry): message".
    public var description: String {
        if let file, !message.hasPrefix(file + ":"), !message.hasPrefix(file + ",") {
            var place = file
            if let path, !path.isEmpty { place += ": \(path)" }
            if let entry { place += " (entry \(entry))" }
            return "\(place): \(message)"
        }
        var place: [String] = []
        if let page { place.append("page \(page)") }
        if let object { place.append("object \(object)") }
        if let entry { place.append(entry) }
        return "\(severity.rawValue) \(code)\(place.isEmpty ? "" : " (\(place.joined(separator: ", ")))"): \(message)"
    }
}
