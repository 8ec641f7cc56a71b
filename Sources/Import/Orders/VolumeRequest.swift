/// `book.volumes` in an order (issue 37): how a journal too long for one printed book is set
/// as volumes. The EPUB is always one book.
public enum VolumeRequest: Sendable, Equatable {
    /// One volume when the book fits the product, else the fewest balanced volumes that do.
    case auto
    /// Exactly this many volumes.
    case count(Int)
    /// The fewest balanced volumes of at most this many pages each (and the product's limit).
    case maximumPages(Int)

    static let expected = "expected \"auto\", a number of volumes (1 to 50) or {\"max_pages\": N}"

    /// Reads the value of `book.volumes`; nil after adding the problem to `issues`.
    static func read(_ value: JSONValue, issues: IssueList) -> VolumeRequest? {
        switch value {
        case .string("auto"):
            return .auto
        case .number(let count) where count.rounded() == count && (1...50).contains(count):
            return .count(Int(count))
        case .object(let fields) where fields.count == 1:
            if case .number(let pages)? = fields["max_pages"], pages.rounded() == pages, (4...100_000).contains(pages) {
                return .maximumPages(Int(pages))
            }
        default:
            break
        }
        issues.add(.invalidValue, "book.volumes", "\(expected), got \(value.typeName)")
        return nil
    }
}
