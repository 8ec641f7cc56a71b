import Foundation

/// The lines Logseq keeps for itself in a page: `key:: value` properties (a page's first lines,
/// or under a block) and `SCHEDULED:`/`DEADLINE:` planning.
enum LogseqSyntax {
    static func isProperty(_ line: String) -> Bool {
        var rest = Substring(line)
        if rest.hasPrefix("- ") { rest = rest.dropFirst(2) }
        guard let separator = rest.range(of: "::") else { return false }
        let key = rest[..<separator.lowerBound]
        let after = rest[separator.upperBound...]
        return !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
            && (after.isEmpty || after.first == " ")
    }

    static func isPlanning(_ line: String) -> Bool {
        line.hasPrefix("SCHEDULED: <") || line.hasPrefix("DEADLINE: <")
    }
}
