/// The command line split into a command, positional arguments and `--options`; `folio` and
/// `folio-bench` read theirs alike.
public struct Arguments: Sendable {
    public var command: String?
    public var positional: [String] = []
    public var options: [String: String] = [:]
    public var flags: Set<String> = []
    public var problems: [String] = []

    /// Options that take a value; every other `--name` is a flag.
    static let valued: Set<String> = ["config", "out", "workers", "product", "photos", "sha256", "threads", "entries", "worker",
                                       "reason", "listen", "role", "name", "pdfx", "log-format", "trusted-proxy", "night", "jobs", "write"]

    public init(_ words: [String]) {
        var index = 0
        while index < words.count {
            let word = words[index]
            if word.hasPrefix("--") {
                var name = String(word.dropFirst(2))
                var value: String?
                if let equals = name.firstIndex(of: "=") {
                    value = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
                if Self.valued.contains(name) {
                    if value == nil {
                        index += 1
                        value = index < words.count ? words[index] : nil
                    }
                    if let value { options[name] = value } else { problems.append("--\(name) needs a value") }
                } else {
                    flags.insert(name)
                }
            } else if command == nil {
                command = word
            } else {
                positional.append(word)
            }
            index += 1
        }
    }
}
