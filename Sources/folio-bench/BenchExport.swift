import Document
import Diagnostics
import Foundation
import Jobs
import Prepress
import Render

/// The benchmark's diary, shaped like a real one: one entry a day, about 356 words a day (a
/// year is about 130,000), one entry in twenty archived, one in thirty a long one of a few
/// thousand words, and the photos spread over the included entries, alone or in grids of two to
/// four. Each entry's words come from its own seeded generator, so the first half of a year is
/// the half-year diary word for word, and the same seed always gives the same export.
public enum BenchExport {
    /// One photo as the book uses it.
    public struct PhotoUse: Sendable {
        public var file: URL
        /// Which of the distinct pictures its bytes are a copy of.
        public var picture: Int
        /// How many photos its entry has: one is set as a single photo, more as a grid.
        public var photosInEntry: Int
    }

    public struct Summary: Sendable {
        public var entries = 0
        public var archived = 0
        /// Sentences of archived entries: phrases no output may contain.
        public var archivedSentences = 0
        public var longEntries = 0
        public var words = 0
        public var includedWords = 0
        /// The photos of the included entries, in book order.
        public var photos: [PhotoUse] = []
        /// The included entries' text without markup, a paragraph a string.
        public var includedParagraphs: [String] = []
        /// Each included paragraph's language, in the same order.
        public var includedLanguages: [BookLanguage] = []

        public var gridPhotos: Int { photos.filter { $0.photosInEntry > 1 }.count }
    }

    /// `language`: the phrase bank the entries are written from (English or Russian); the
    /// shape of the diary (entry lengths, photos, archived entries) is the same in both.
    /// `languages`, when given, are taken in turn, an entry each (a bilingual diary).
    public static func write(to folder: URL, entries: Int, photos: Int, seed: UInt64, pictures: BenchPictures,
                             language: BookLanguage = .english, languages: [BookLanguage]? = nil) throws -> Summary {
        let turns = languages ?? [language]
        let photoFolder = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photoFolder, withIntermediateDirectories: true)
        let numbers = Array(1...max(1, entries))
        let included = numbers.filter { !isArchived($0) }
        let photoCounts = placePhotos(photos, over: included, seed: seed)
        let sentences = BenchPhrases.sentences(language)
        var summary = Summary()
        var list: [[String: Any]] = []
        var placed = 0
        for number in numbers {
            let language = turns[(number - 1) % turns.count]
            let titles = BenchPhrases.titles(language)
            var random = SeededRandom(seed: seed &+ UInt64(number) &* 0x9E37_79B9_7F4A_7C15)
            let archived = isArchived(number)
            let long = isLong(number)
            // Long entries average 3,000 words, the others 251, and a quotation or a list now
            // and then adds about 15: 356 a day over thirty days.
            let budget = long ? 2000 + random.below(2001) : 60 + random.below(383)
            let written = archived ? BenchText.archived(words: budget, number: number, language: language, random: &random)
                                   : BenchText.included(words: budget, number: number, language: language, random: &random)
            var entryPhotos: [[String: Any]] = []
            let count = photoCounts[number] ?? 0
            for _ in 0..<count {
                let name = String(format: "photos/p%04d.jpg", placed)
                let file = folder.appendingPathComponent(name)
                let picture = placed % pictures.originals.count
                try pictures.originals[picture].write(to: file)
                var photo: [String: Any] = ["file": name]
                if placed % 5 < 3 { photo["caption"] = sentences[(placed * 7) % sentences.count] }
                entryPhotos.append(photo)
                summary.photos.append(PhotoUse(file: file, picture: picture, photosInEntry: count))
                placed += 1
            }
            let (y, m, d) = CivilCalendar.civilFromDays(CivilCalendar.daysFromCivil(year: 2025, month: 1, day: 1) + number - 1)
            let hour = 7 + random.below(15), minute = random.below(60)
            list.append(["id": String(format: "e%04d", number), "journal": "j1",
                         "created_at": String(format: "%04d-%02d-%02dT%02d:%02d:00+01:00", y, m, d, hour, minute),
                         "title": random.below(10) < 3 ? titles[random.below(titles.count)] as Any : NSNull(),
                         "text": written.markdown, "archived": archived, "photos": entryPhotos])
            summary.entries += 1
            summary.words += written.words
            if archived {
                summary.archived += 1
                summary.archivedSentences += written.sentences
            } else {
                summary.includedWords += written.words
                summary.includedParagraphs += written.paragraphs
                summary.includedLanguages += written.paragraphs.map { _ in language }
            }
            if long { summary.longEntries += 1 }
        }
        let document: [String: Any] = ["format": "folio-journal/1", "journals": [["id": "j1", "title": "Bench"]], "entries": list]
        try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]).write(to: folder.appendingPathComponent("journal.json"))
        return summary
    }

    /// One entry in twenty: 5 %.
    static func isArchived(_ number: Int) -> Bool { number % 20 == 10 }

    /// One in thirty, never an archived one (those are even, these odd).
    static func isLong(_ number: Int) -> Bool { number % 30 == 25 }

    /// Photos per entry number: groups of one (60 %), two (20 %), three (12 %) or four (8 %),
    /// spread evenly over the included entries. The sizes come from one seeded sequence, so a
    /// half-size diary has the same mix.
    static func placePhotos(_ photos: Int, over included: [Int], seed: UInt64) -> [Int: Int] {
        guard photos > 0, !included.isEmpty else { return [:] }
        var random = SeededRandom(seed: seed ^ 0x5EED_F070)
        var groups: [Int] = []
        var left = photos
        while left > 0 {
            let roll = random.below(100)
            let size = min(left, roll < 60 ? 1 : roll < 80 ? 2 : roll < 92 ? 3 : 4)
            groups.append(size)
            left -= size
        }
        var counts: [Int: Int] = [:]
        for (index, size) in groups.enumerated() {
            counts[included[index * included.count / groups.count], default: 0] += size
        }
        return counts
    }
}
