import Foundation
import FolioTestSupport

/// The diagnostic code literals of `Sources/`, found where a `Diagnostic` (or a job's failure)
/// is made, compared or chosen; every code-shaped literal anywhere, so a test can tell a code
/// written in a form this walk does not know; and the registry's constants where they are used.
struct SourceCodeLiterals {
    struct Literal: Hashable {
        var code: String
        var file: String
        var line: Int

        var place: String { "\(file):\(line)" }
    }

    /// Where a code is written. Each pattern's first group is the literal; a pattern without a
    /// group marks a span whose code-shaped literals are all codes (a list, a chosen code).
    static let positions = [
        #"Diagnostic\([.\w]+, "([a-z0-9-]+)""#,             // a verifier's finding (severity given or chosen)
        #"\bcode: "([a-z0-9-]+)""#,                         // Diagnostic(code:…), .init(severity:code:), failures, omissions
        #"\bcode: String = "([a-z0-9-]+)""#,                // a default code (RenderError)
        #"\bissues\.add\("([a-z0-9-]+)""#,                  // an input file's IssueList
        #"\bcode == "([a-z0-9-]+)""#,                       // a code compared
        #"[cC]ode = "([a-z0-9-]+)""#,                       // a type's own code constant
        #"case \.\w+: "([a-z][a-z0-9]*(?:-[a-z0-9]+)+)""#,  // an error's code by its case (PhotoError)
        #"retry\(after: "([a-z0-9-]+)""#,                   // the retry decision asked of one code
        #"omissionCodes: Set<String> = \[[^\]]*\]"#,        // the accounting's omission codes
        #"\bcode(?:: | = )[^\n]*(?:\?|\bif\b)[^\n]*"#,      // a code chosen by a condition
    ]
    /// Where a code is named by its constant: a finding, an input issue or notice, a job's
    /// failure, a question, the type spelled out, an error's code by its case, a code chosen by
    /// a condition (`if … { .zipCRC } else …`, `… ? … : .pdfStructure`), a list of codes.
    static let constantPositions = [
        #"Diagnostic\([.\w]+, \.(\w+)"#,
        #"\bcode: \.(\w+)"#,
        #"\bissues\.add\(\.(\w+)"#,
        #"\bcarries\(\.(\w+)\)"#,
        #"\b(?:DiagnosticCode|FailureCode)\.(\w+)"#,
        #"case \.\w+: \.(\w+)"#,
        #"\bcode(?:: | = )[^\n]*(?:\?|\bif\b)[^\n]*"#,
        #"Codes: \[DiagnosticCode\] = \[[^\]]*\]"#,
    ]
    static let spanConstant = #"[{?:\[,]\s*\.(\w+)"#
    /// Literals that look like codes but are another vocabulary, not diagnostics: the console
    /// API's own error codes (`apiError("not-found")`), which its clients read.
    static let otherVocabularies = [#"apiError\("([a-z0-9-]+)""#]

    /// A code: lower case words joined by hyphens, or a single word the registries name.
    static let codeShape = #""([a-z][a-z0-9]*(?:-[a-z0-9]+)*)""#
    static let spanLiteral = #"(?:[\[?:{,]\s*|^\s*)"([a-z][a-z0-9]*(?:-[a-z0-9]+)*)""#

    /// Every literal at a known position, and every code-shaped literal anywhere else.
    private(set) var atPositions: [Literal] = []
    private(set) var elsewhere: [Literal] = []
    /// Registered codes named by their constant (`Diagnostic(.error, .textMissing, …)`): the
    /// constant's Swift name, at the same kinds of positions.
    private(set) var constants: [Literal] = []

    init(sources: URL, skipping registry: (URL) -> Bool) throws {
        let files = (FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? [])
            .filter { $0.pathExtension == "swift" && !registry($0) }
        for file in files.sorted(by: { $0.path < $1.path }) {
            let name = file.path.replacingOccurrences(of: sources.deletingLastPathComponent().path + "/", with: "")
            try read(String(contentsOf: file, encoding: .utf8), file: name)
        }
    }

    private mutating func read(_ original: String, file: String) throws {
        // Comments say what codes mean; only code counts.
        let text = original.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces).hasPrefix("//") ? "" : String($0) }.joined(separator: "\n")
        func literal(_ found: (code: String, location: Int)) -> Literal {
            Literal(code: found.code, file: file, line: text.utf16.prefix(found.location).reduce(1) { $1 == 10 ? $0 + 1 : $0 })
        }
        var claimed = Set<Int>()
        for found in try Self.matches(Self.positions, spans: Self.spanLiteral, in: text) where claimed.insert(found.location).inserted {
            atPositions.append(literal(found))
        }
        for found in try Self.matches(Self.otherVocabularies, in: text) { claimed.insert(found.location) }
        for found in try Self.matches([Self.codeShape], in: text) where !claimed.contains(found.location) {
            elsewhere.append(literal(found))
        }
        constants += try Self.matches(Self.constantPositions, spans: Self.spanConstant, in: text).map(literal)
    }

    /// Each pattern's first group; for a pattern without one, `spans`' first group in each
    /// stretch it matches. Locations are UTF-16 offsets into `text`.
    private static func matches(_ patterns: [String], spans: String? = nil, in text: String) throws -> [(code: String, location: Int)] {
        let string = text as NSString
        var found: [(code: String, location: Int)] = []
        for pattern in patterns {
            for match in try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines]).matches(in: text, range: NSRange(location: 0, length: string.length)) {
                if match.numberOfRanges > 1, match.range(at: 1).location != NSNotFound {
                    found.append((string.substring(with: match.range(at: 1)), match.range(at: 1).location))
                } else if let spans {
                    for inner in try NSRegularExpression(pattern: spans, options: [.anchorsMatchLines]).matches(in: text, range: match.range) {
                        found.append((string.substring(with: inner.range(at: 1)), inner.range(at: 1).location))
                    }
                }
            }
        }
        return found
    }
}
