/// How the EPUB names a print page in its page-list and page breaks: its number in the book, or,
/// in a set of volumes, the volume's number and the page's own number in it ("2:128"), as the
/// printed books read. The breaks' ids number the pages through the set, so each is unique.
public enum PageNumbering: Sendable, Equatable {
    case book
    /// The first page of each volume, counted through the set: 1, then 1 + the first volume's
    /// pages, and so on.
    case set(firstPages: [Int])

    /// The set of volumes of `pages` pages each.
    public static func volumes(_ pages: [Int]) -> PageNumbering {
        var firsts: [Int] = []
        var next = 1
        for count in pages {
            firsts.append(next)
            next += count
        }
        return .set(firstPages: firsts)
    }

    /// Print page `page` (counted through the set), as a reader finds it on paper.
    public func label(_ page: Int) -> String {
        guard case .set(let firsts) = self, let volume = firsts.lastIndex(where: { $0 <= page }) else { return String(page) }
        return "\(volume + 1):\(page - firsts[volume] + 1)"
    }
}
