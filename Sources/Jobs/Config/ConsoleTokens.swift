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

    public var isEmpty: Bool { entries.isEmpty }

    /// The environment's token and the configured file's; an unreadable or invalid file is an
    /// error naming it and the entry.
    public static func load(config: FolioConfig, environment: [String: String] = ProcessInfo.processInfo.environment) throws(InputError) -> ConsoleTokens {
        var entries: [Entry] = []
        if let token = environment["FOLIO_CONSOLE_TOKEN"], !token.isEmpty {
            entries.append(Entry(name: "operator", role: .operator, sha256: digest(token)))
        }
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
                        issues.add("invalid-value", "tokens[\(index)].sha256", "expected the token's SHA-256 as 64 hex digits")
                    }
                    entry.rejectUnknownKeys()
                    if let name, let role, let sha256 { entries.append(Entry(name: name, role: role, sha256: sha256.lowercased())) }
                }
                reader.rejectUnknownKeys()
            }
            try issues.check()
        }
        return ConsoleTokens(entries: entries)
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
