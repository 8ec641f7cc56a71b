import Document
import Foundation

/// A journal resolved for printing: only what belongs in the book, in reading order.
/// Layout and every renderer read this value; none of them reads the export again.
public struct Book: Sendable, Equatable {
    public var title: String
    public var subtitle: String?
    public var author: String
    public var language: BookLanguage
    /// The running-head title: the journal's title when the book holds one journal,
    /// otherwise the book's title.
    public var runningTitle: String
    public var chapters: [Chapter]
    /// The instant the book's content was last written (its newest entry), used as the PDF
    /// creation date so that the same order always gives the same bytes.
    public var contentDate: Date

    public init(title: String, subtitle: String?, author: String, language: BookLanguage,
                runningTitle: String, chapters: [Chapter], contentDate: Date) {
        self.title = title
        self.subtitle = subtitle
        self.author = author
        self.language = language
        self.runningTitle = runningTitle
        self.chapters = chapters
        self.contentDate = contentDate
    }

    public var entries: [BookEntry] { chapters.flatMap(\.entries) }

    /// Bound on the right (`BookLanguage.bindsOnRight`).
    public var bindsOnRight: Bool { language.bindsOnRight }
}

/// One calendar month of entries; every month is a chapter of the book.
public struct Chapter: Sendable, Equatable {
    public var year: Int
    public var month: Int
    public var entries: [BookEntry]

    public init(year: Int, month: Int, entries: [BookEntry]) {
        self.year = year
        self.month = month
        self.entries = entries
    }

    /// The month a chapter holds, as a key: a set's month split between volumes is two
    /// chapters of one month.
    public struct YearMonth: Hashable, Sendable {
        public var year: Int
        public var month: Int
    }

    public var yearMonth: YearMonth { YearMonth(year: year, month: month) }
}

public struct BookEntry: Sendable, Equatable {
    public var id: String
    public var local: LocalDateTime
    public var title: String?
    /// CommonMark source, as written.
    public let text: String
    public var photos: [BookPhoto]
    /// Printed under the entry's head when the order asks (`book.show_tags`).
    public var tags: [String] = []
    /// Where each photo stands in `text`, as a character offset (an imported Day One or
    /// Markdown entry's placeholder); nil: every photo follows the text.
    public var photoOffsets: [Int]?
    /// The app syntax its text is read with (Obsidian's highlights and line breaks).
    public let appSyntax: Document.AppSyntax
    /// `text` read once by cmark-gfm: what the layout and the EPUB both set.
    public let document: Document
    /// A day without a time (Day One's all-day entries): its head names the day alone.
    public var isAllDay = false

    public init(id: String, local: LocalDateTime, title: String?, text: String, photos: [BookPhoto],
                appSyntax: Document.AppSyntax = []) {
        self.id = id
        self.local = local
        self.title = title
        self.text = text
        self.photos = photos
        self.appSyntax = appSyntax
        document = Document(markdown: text, app: appSyntax)
    }
}

extension BookLanguage {
    /// A book in a right-to-left language is bound on the right, as its readers' books are: its
    /// rectos stand left, its running heads and contents are mirrored, its cover's front is left.
    public var bindsOnRight: Bool { isRightToLeft }
}
