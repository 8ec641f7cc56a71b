import Import
import Foundation
import Prepress
import Render

/// What a job's content came to: the book, and what was left out of it.
public struct ResolvedBook: Sendable {
    public var book: Book
    /// Entries inside the scope that are archived and so never appear.
    public var archivedExcluded: Int
    /// The ids of those archived entries, for the verifier that proves they are absent.
    public var archivedIDs: [String]
    public var archivedTexts: [String]
    /// Every printed entry's words as the export's reader sees them, in reading order.
    public var expectedText = ExpectedText([])
    /// Where each of the export's entries, words and photos went.
    public var accounting = Accounting()

    /// What of the archived entries must never appear in an output: their sentences long
    /// enough to be their own (and not also written in an included entry). The included text
    /// is searched once for all the sentences together.
    public var forbiddenText: [String] {
        var candidates: [String] = []
        for text in archivedTexts {
            for sentence in text.split(whereSeparator: { ".!?\n".contains($0) }) {
                let phrase = sentence.trimmingCharacters(in: .whitespacesAndNewlines)
                if phrase.count >= 24 { candidates.append(phrase) }
            }
        }
        guard !candidates.isEmpty else { return [] }
        var included: [UInt8] = []
        for entry in book.entries {
            CompactText.append(entry.text, to: &included)
            included.append(0)
        }
        let written = Set(ArchivedText(candidates).found(inCompact: included))
        return candidates.filter { !written.contains($0) }
    }
}

/// Turns an order and its export into the `Book`: scope, archived filter, reading order, months.
enum Resolver {
    static func resolve(order: Order, journal: Journal) -> ResolvedBook {
        let inScope = journal.entries.filter { entry in
            switch order.scope {
            case .year(let year): entry.created.local.year == year
            case .journal(let id): entry.journal == id
            case .all: true
            }
        }
        let archived = inScope.filter(\.archived)
        // Each entry's words as its reader sees them, read once (ids are unique by now).
        var reading: [String: (parts: [String], blocks: Int)] = [:]
        for entry in journal.entries { reading[entry.id] = entry.reading }
        let empty = inScope.filter { !$0.archived && $0.isEmpty(reading: reading[$0.id]?.parts ?? []) }
        // Chronological by instant; ties broken by id so the order never depends on file order.
        let kept = inScope.filter { !$0.archived && !$0.isEmpty(reading: reading[$0.id]?.parts ?? []) }.sorted { a, b in
            let (ta, tb) = (a.created.epochSeconds, b.created.epochSeconds)
            if ta != tb { return ta < tb }
            if a.created.nanosecond != b.created.nanosecond { return a.created.nanosecond < b.created.nanosecond }
            return a.id < b.id
        }
        var chapters: [Chapter] = []
        for entry in kept {
            let local = entry.created.local
            var bookEntry = BookEntry(id: entry.id, local: local, title: entry.title, text: entry.text,
                                      photos: entry.photos, appSyntax: entry.appSyntax)
            if order.showTags { bookEntry.tags = entry.tags }
            bookEntry.photoOffsets = entry.photoOffsets
            bookEntry.isAllDay = entry.allDay
            // Months follow each entry's own offset; instants can interleave across offsets, so
            // look the month up rather than assuming the previous chapter.
            if let index = chapters.firstIndex(where: { $0.year == local.year && $0.month == local.month }) {
                chapters[index].entries.append(bookEntry)
            } else {
                chapters.append(Chapter(year: local.year, month: local.month, entries: [bookEntry]))
            }
        }
        chapters.sort { ($0.year, $0.month) < ($1.year, $1.month) }
        let journalIDs = Set(kept.map(\.journal))
        var runningTitle = order.title
        if journalIDs.count == 1, let only = journalIDs.first,
           let title = journal.journals.first(where: { $0.id == only })?.title {
            runningTitle = title
        }
        if runningTitle.trimmingCharacters(in: .whitespaces).isEmpty { runningTitle = order.language.diaryWord }
        let newest = kept.map(\.created.date).max() ?? Date(timeIntervalSince1970: 0)
        let book = Book(title: order.title, subtitle: order.subtitle, author: order.author, language: order.language,
                        runningTitle: runningTitle, chapters: chapters, contentDate: newest)
        var resolved = ResolvedBook(book: book, archivedExcluded: archived.count, archivedIDs: archived.map(\.id),
                                    archivedTexts: archived.map(\.text))
        let heads = Dictionary(book.entries.map { ($0.id, $0.head(in: book.language)) }, uniquingKeysWith: { first, _ in first })
        resolved.expectedText = ExpectedText(kept.map { ExpectedText.Entry(id: $0.id, parts: reading[$0.id]?.parts ?? [], head: heads[$0.id]) })
        resolved.expectedText.language = order.language.tag
        let inScopeIDs = Set(inScope.map(\.id))
        resolved.accounting = Accounting(printed: kept, archived: archived, empty: empty,
                                         outOfScope: journal.entries.filter { !inScopeIDs.contains($0.id) }) { entry in
            let read = reading[entry.id]
            return ((read?.parts ?? []).reduce(0) { $0 + ReaderText.wordCount($1) }, read?.blocks ?? 0)
        }
        return resolved
    }
}
