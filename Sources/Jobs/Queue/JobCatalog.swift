import Import
import Foundation

/// What the console lists and filters jobs by: the order's product, destination, title and
/// author (read when the job is queued), the night it belongs to, and its book's pages and
/// warnings (written when its report is published).
public struct JobFilter: Sendable, Equatable {
    public var state: QueuedJob.State?
    public var product: String?
    public var destination: String?
    /// A night's label (`2026-12-01`), see `NightClock.label(at:)`.
    public var night: String?
    /// Part of the order id, title or author, case-insensitive.
    public var text: String?

    public init(state: QueuedJob.State? = nil, product: String? = nil, destination: String? = nil,
                night: String? = nil, text: String? = nil) {
        self.state = state
        self.product = product
        self.destination = destination
        self.night = night
        self.text = text
    }

    /// The text with LIKE's wildcards escaped (`\` is the escape character), between `%`s.
    var likePattern: String? {
        guard let text, !text.isEmpty else { return nil }
        let escaped = text.lowercased().replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
        return "%\(escaped)%"
    }
}

/// One job as the console's lists show it (no order bytes).
public struct JobRow: Sendable, Equatable, Codable {
    public var id: String
    public var state: QueuedJob.State
    public var stage: String
    public var attempts: Int
    public var lastError: String?
    public var product: String?
    public var destination: String?
    public var title: String?
    public var author: String?
    public var night: String
    public var pages: Int?
    public var warnings: Int?
    public var createdAt: Double
    public var updatedAt: Double

    enum CodingKeys: String, CodingKey {
        case id, state, stage, attempts, product, destination, title, author, night, pages, warnings
        case lastError = "last_error"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

/// Where a page of the lists ends: the last row's rank (held first … done last), time and id.
public struct JobCursor: Sendable, Equatable {
    public var rank: Int
    public var updatedAt: Double
    public var id: String

    public init(rank: Int, updatedAt: Double, id: String) {
        self.rank = rank
        self.updatedAt = updatedAt
        self.id = id
    }

    /// After this row.
    public init(after row: JobRow) {
        self.init(rank: Self.ranks[row.state] ?? 5, updatedAt: row.updatedAt, id: row.id)
    }

    /// `RANK.TIME.ID` as the pages and the API carry it (`2.1796162400.5.anna-2025`); nil for
    /// anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "~", maxSplits: 2).map(String.init)
        guard parts.count == 3, let rank = Int(parts[0]), (0...5).contains(rank), let time = Double(parts[1]), time.isFinite,
              JobIdentifier.isValid(parts[2]) else { return nil }
        self.init(rank: rank, updatedAt: time, id: parts[2])
    }

    public var text: String { "\(rank)~\(updatedAt)~\(id)" }

    /// `CatalogSQL.rank` in Swift.
    static let ranks: [QueuedJob.State: Int] = [.held: 0, .failed: 1, .running: 2, .queued: 3, .cancelled: 4]
}

/// One night at a glance: jobs by state, books made, their pages and warnings, and the time
/// from the first job queued to the last one finished.
public struct NightRow: Sendable, Equatable, Codable {
    public var night: String
    public var counts: [String: Int]
    public var pages: Int
    public var warnings: Int
    public var firstQueuedAt: Double
    public var lastFinishedAt: Double?

    public var books: Int { counts[QueuedJob.State.done.rawValue] ?? 0 }

    enum CodingKeys: String, CodingKey {
        case night, counts, pages, warnings
        case firstQueuedAt = "first_queued_at"
        case lastFinishedAt = "last_finished_at"
    }
}

/// One row of a job's timeline: what happened, when, and who (a worker or an operator).
public struct JobEvent: Sendable, Equatable, Codable {
    public var at: Double
    public var event: String
    public var by: String?
    public var detail: String?
}

/// A night runs from noon to noon, UTC, and is named by the evening it starts on: a batch that
/// starts at 22:00 and ends at 03:00 is one night.
public enum Night {
    /// True for a label `label(at:)` could have made (the console passes the filter on).
    public static func isLabel(_ text: String) -> Bool {
        text.utf8.count == 10 && text.enumerated().allSatisfy { index, character in
            index == 4 || index == 7 ? character == "-" : character.isASCII && character.isNumber
        }
    }
}

/// The order's facts the catalog keeps, read leniently: the queue holds orders that a job will
/// reject, and those are listed too.
public struct OrderFacts: Sendable {
    public var product: String?
    public var destination: String?
    public var title: String?
    public var author: String?

    public init(_ order: Data) {
        // A lone surrogate makes the whole document unreadable to JSONSerialization: drop it,
        // as the book would, rather than blank every fact.
        let object = (try? JSONSerialization.jsonObject(with: SurrogateFilter.clean(order))) as? [String: Any]
        let book = object?["book"] as? [String: Any]
        product = Self.text(object?["product"])
        destination = Self.text(object?["destination"])
        title = Self.text(book?["title"])
        author = Self.text(book?["author"])
    }

    /// A string without control characters: a NUL would end the text where C reads it (SQLite,
    /// libpq), and an escape sequence has no place in a list.
    private static func text(_ value: Any?) -> String? {
        guard let string = value as? String else { return nil }
        return String(String.UnicodeScalarView(string.unicodeScalars.filter { $0.properties.generalCategory != .control }))
    }

    /// The lower-cased text the catalog's search runs over.
    static func searchText(id: String, title: String?, author: String?) -> String {
        [id, title ?? "", author ?? ""].joined(separator: "\n").lowercased()
    }
}
