import Diagnostics
import Document
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

    /// For each line, where the drawer it opens ends (its `:END:` line), or nil when it opens
    /// none. A drawer is a `:NAME:` line (`:LOGBOOK:`, `:PROPERTIES:`) closed by `:END:` further
    /// on: a line such as `:tada:` with no `:END:` after it is the writer's text (an emoji code).
    /// One pass from the end finds every line's next `:END:`, however many `:word:` lines.
    static func drawerEnds<Line: StringProtocol>(_ lines: [Line]) -> [Int?] {
        var ends: [Int?] = Array(repeating: nil, count: lines.count)
        var nextEnd: Int?
        for index in lines.indices.reversed() {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            if line == ":END:" {
                nextEnd = index
                continue
            }
            guard line.count > 2, line.hasPrefix(":"), line.hasSuffix(":"),
                  line.dropFirst().dropLast().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else { continue }
            ends[index] = nextEnd
        }
        return ends
    }

    static func isPlanning(_ line: String) -> Bool {
        line.hasPrefix("SCHEDULED: <") || line.hasPrefix("DEADLINE: <")
    }
}
