import Import
import Diagnostics
import Foundation
import Prepress

/// Who may use the operator console: `FOLIO_CONSOLE_TOKEN` (one operator), and the file that
/// `console_tokens` in folio.json names, which holds SHA-256 digests of tokens, never tokens:
/// `{"tokens": [{"name": "ana", "role": "operator", "sha256": "…"}]}` (`folio token` makes one).
public struct ConsoleTokens: Sendable {
    public enum Role: String, Sendable, Codable, CaseIterable {
        /// Reads every page and the API.
        case viewer
        /// Also acts: retry, cancel, approve, reject.
        case `operator`
    }

    public struct Identity: Sendable, Equatable {
        public var name: String
        public var role: Role

        public init(name: String, role: Role) {
            self.name = name
            self.role = role
        }
    }

    struct Entry: Sendable {
        var name: String
        var role: Role
        var sha256: String
    }

    private var entries: [Entry]
    /// The SHA-256 of the token `/metrics` answers to from off this host (`FOLIO_METRICS_TOKEN`,
    /// or the `metrics-token` credential): a scraper's, which opens no page and no action.
    private var metricsSHA256: String?

    public var isEmpty: Bool { entries.isEmpty }
    public var hasMetricsToken: Bool { metricsSHA256 != nil }

    /// The environment's token and the configured file's; an unreadable or invalid file is an
    /// error naming it and the entry.
    public static func load(config: FolioConfig, environment: [String: String] = ProcessInfo.processInfo.environment) throws(InputError) -> ConsoleTokens {
        var entries: [Entry] = []
        // Under systemd the token comes as a credential (LoadCredential=console-token:…), a file
        // only this service can read, never in the unit's text or the environment.
        var environment = environment
        for (variable, credential) in [("FOLIO_CONSOLE_TOKEN", "console-token"), ("FOLIO_METRICS_TOKEN", "metrics-token")]
        where environment[variable] == nil {
            if let folder = environment["CREDENTIALS_DIRECTORY"], let data = FileManager.default.contents(atPath: folder + "/" + credential) {
                environment[variable] = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
        for variable in ["FOLIO_CONSOLE_TOKEN", "FOLIO_METRICS_TOKEN"] {
            if let token = environment[variable], !token.isEmpty, let weakness = weakness(of: token) {
                throw InputError([Diagnostic(code: .weakToken, file: variable, path: "", entry: nil,
                                             message: "\(weakness); folio token makes a strong one")])
            }
        }
        if let token = environment["FOLIO_CONSOLE_TOKEN"], !token.isEmpty {
            entries.append(Entry(name: "operator", role: .operator, sha256: digest(token)))
        }
        let metricsSHA256 = environment["FOLIO_METRICS_TOKEN"].flatMap { $0.isEmpty ? nil : digest($0) }
        if let file = config.consoleTokens {
            let issues = IssueList(file: file.path)
            if var reader = ObjectReader(try JSONValue.load(file, shownAs: file.path), path: "", issues: issues),
               let items = reader.array("tokens") {
                for (index, item) in items.enumerated() {
                    guard var entry = ObjectReader(item, path: "tokens[\(index)]", issues: issues) else { continue }
                    let name = entry.string("name")
                    let role = entry.choice("role", from: Role.allCases.map(\.rawValue)).flatMap(Role.init)
                    let sha256 = entry.string("sha256")
                    if let sha256, sha256.count != 64 || !sha256.allSatisfy(\.isHexDigit) {
                        issues.add(.invalidValue, "tokens[\(index)].sha256", "expected the token's SHA-256 as 64 hex digits")
                    }
                    entry.rejectUnknownKeys()
                    if let name, let role, let sha256 { entries.append(Entry(name: name, role: role, sha256: sha256.lowercased())) }
                }
                reader.rejectUnknownKeys()
            }
            try issues.check()
        }
        return ConsoleTokens(entries: entries, metricsSHA256: metricsSHA256)
    }

    /// Whether `token` is the metrics token, compared in constant time.
    public func admitsMetrics(_ token: String) -> Bool {
        guard let metricsSHA256 else { return false }
        return HMACSHA256.matches(metricsSHA256, Self.digest(token))
    }

    /// Whose token this is; every entry is compared, in constant time, whatever matches.
    public func identity(for token: String) -> Identity? {
        let given = Self.digest(token)
        var found: Identity?
        for entry in entries where HMACSHA256.matches(entry.sha256, given) && found == nil {
            found = Identity(name: entry.name, role: entry.role)
        }
        return found
    }

    public static func digest(_ token: String) -> String { SHA256.hex(of: Data(token.utf8)) }

    /// The shortest token accepted, and the least entropy its characters show.
    public static let minimumLength = 32
    public static let minimumBits = 100.0
    public static let minimumDistinct = 10

    /// Why `token` is too weak to guard the console, or nil. The entropy is estimated from the
    /// token's own character frequencies (Shannon, times its length): `newToken()` shows about
    /// 240 bits, a run of one letter none; a repeated unit or a handful of letters is refused
    /// whatever its length. The tokens file holds only
    /// digests, so only the environment's token can be checked.
    public static func weakness(of token: String) -> String? {
        let characters = Array(token.unicodeScalars)
        guard characters.count >= minimumLength else {
            return "the token has \(characters.count) characters; at least \(minimumLength) are needed"
        }
        // A short unit repeated ("abcd" sixteen times) shows many bits by frequency alone.
        if let period = (1...(characters.count / 2)).first(where: { period in
            characters.indices.allSatisfy { characters[$0] == characters[$0 % period] }
        }) {
            return "the token repeats \(period) characters"
        }
        var counts: [Unicode.Scalar: Int] = [:]
        for character in characters { counts[character, default: 0] += 1 }
        let total = Double(characters.count)
        let perCharacter = counts.values.reduce(0.0) { sum, count in
            let p = Double(count) / total
            return sum - p * log2(p)
        }
        let bits = perCharacter * total
        guard counts.count >= minimumDistinct else {
            return "the token uses \(counts.count) different characters; at least \(minimumDistinct) are needed"
        }
        guard bits >= minimumBits else {
            return "the token shows about \(Int(bits)) bits of entropy; at least \(Int(minimumBits)) are needed"
        }
        return nil
    }

    /// Two secrets (hex) compared in constant time (OpenSSL's CRYPTO_memcmp).
    public static func same(_ expected: String, _ given: String) -> Bool {
        !expected.isEmpty && HMACSHA256.matches(expected, given)
    }

    /// A new random token (256 bits from the system's secure generator, hex).
    public static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}
