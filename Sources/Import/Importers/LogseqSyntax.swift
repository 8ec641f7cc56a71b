import Diagnostics
import Document
import Foundation

/// The lines Logseq keeps for itself in a page: `key:: value` properties (a page's first lines,
/// or under a block) and `SCHEDULED:`/`DEADLINE:` planning.
public enum LogseqSyntax {
    public static func isProperty(_ line: String) -> Bool {
        var rest = Substring(line)
        if rest.hasPrefix("- ") { rest = rest.dropFirst(2) }
        guard let separator = rest.range(of: "::") else { return false }
        let key = rest[..<separator.lowerBound]
        let after = rest[separator.upperBound...]
        return !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
            && (after.isEmpty || after.first == " ")
    }

    /// Where the drawer opened at `index` ends (its `:END:` line), or nil when the line opens
    /// none. A drawer is a `:NAME:` line (`:LOGBOOK:`, `:PROPERTIES:`) closed by `:END:` further
    /// on: a line such as `:tada:` with no `:END:` after it is the writer's text (an emoji code).
    public static func drawerEnd<Line: StringProtocol>(_ lines: [Line], at index: Int) -> Int? {
        let line = lines[index].trimmingCharacters(in: .whitespaces)
        guard line.count > 2, line.hasPrefix(":"), line.hasSuffix(":"), line != ":END:",
              line.dropFirst().dropLast().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else { return nil }
        return lines[(index + 1)...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == ":END:" }
    }

    public static func isPlanning(_ line: String) -> Bool {
        line.hasPrefix("SCHEDULED: <") || line.hasPrefix("DEADLINE: <")
    }
}
