import Diagnostics
/// `"review"` in a product or a destination: when a verified book waits for an operator
/// (state `held`) instead of being delivered. The stricter of the two applies.
public enum ReviewPolicy: String, Sendable, CaseIterable, Comparable {
    /// Delivered once verified (the default).
    case never
    /// Held when verification found any warning.
    case warnings
    /// Every book is held.
    case always

    static let names = allCases.map(\.rawValue)

    private var strictness: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: ReviewPolicy, rhs: ReviewPolicy) -> Bool { lhs.strictness < rhs.strictness }

    /// Why a book with these findings waits for review, or nil when it is delivered.
    func holdReason(for findings: [Diagnostic]) -> String? {
        let warnings = findings.filter { $0.severity == .warning }
        switch self {
        case .never:
            return nil
        case .warnings:
            guard !warnings.isEmpty else { return nil }
            let codes = Dictionary(grouping: warnings, by: \.code).map { "\($0.value.count) \($0.key)" }.sorted()
            return "held for review: \(warnings.count) warning\(warnings.count == 1 ? "" : "s") (\(codes.joined(separator: ", ")))"
        case .always:
            return "held for review: every book of this product or destination is reviewed"
        }
    }
}
