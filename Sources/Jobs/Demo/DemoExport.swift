import Document
import Diagnostics
import Foundation
import Prepress
import Render

/// Writes a sample diary export (`folio-journal/1`) with a year of entries, some archived,
/// some with photos drawn and encoded by Folio itself. Deterministic: the same seed gives
/// the same bytes.
public enum DemoExport {
    public struct Summary: Sendable {
        public var entries: Int
        public var archived: Int
        public var photos: Int
    }

    public static func write(language: BookLanguage, year: Int, to folder: URL, seed: UInt64) throws -> Summary {
        var random = SeededRandom(seed: seed)
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let sentences = DemoPhrases.sentences(language)
        let titles = DemoPhrases.titles(language)
        let journals: [[String: Any]] = language == .russian
            ? [["id": "j1", "title": "Дневник Анны"]]
            : [["id": "home", "title": "Home"], ["id": "travel", "title": "Travel"]]
        var entries: [[String: Any]] = []
        var summary = Summary(entries: 0, archived: 0, photos: 0)
        var day = CivilCalendar.daysFromCivil(year: year, month: 1, day: 1)
        let end = CivilCalendar.daysFromCivil(year: year, month: 12, day: 31)
        var number = 0
        while day <= end {
            number += 1
            let (y, m, d) = CivilCalendar.civilFromDays(day)
            let hour = 7 + random.below(16)
            let minute = random.below(60)
            let id = String(format: "e%04d", number)
            let offset = language == .russian ? "+03:00" : (m >= 3 && m <= 10 ? "-04:00" : "-05:00")
            var entry: [String: Any] = [
                "id": id,
                "journal": (journals[number % journals.count]["id"] as? String) ?? "j1",
                "created_at": String(format: "%04d-%02d-%02dT%02d:%02d:00", y, m, d, hour, minute) + offset,
                "title": random.below(10) < 3 ? titles[random.below(titles.count)] as Any : NSNull(),
                "text": text(sentences: sentences, number: number, random: &random),
                "archived": false,
                "photos": [] as [Any],
            ]
            if number % 23 == 0 {
                entry["archived"] = true
                entry["text"] = "ARCHIVED-\(id): this private note was archived and must never be printed."
                summary.archived += 1
            } else if number % 9 == 0 {
                var list: [[String: Any]] = []
                for index in 0..<(1 + random.below(2)) {
                    let name = "photos/\(id)-\(index + 1).jpg"
                    let pixels = SamplePhoto.pixels(width: 1600, height: 1200, seed: random.next())
                    let jpeg = try JPEGEncoder.encode(pixels: pixels, width: 1600, height: 1200, components: 3, quality: 85)
                    try jpeg.write(to: folder.appendingPathComponent(name))
                    list.append(["file": name, "caption": sentences[random.below(sentences.count)]])
                    summary.photos += 1
                }
                entry["photos"] = list
            }
            entries.append(entry)
            summary.entries += 1
            day += 2 + random.below(3)
        }
        if language == .english {
            // Written late on 31 January in New York: 1 February in UTC, January in the book.
            entries.append(["id": "e-late-january", "journal": "home", "created_at": "\(year)-01-31T23:30:00-05:00",
                            "title": "Last night of January", "text": sentences[0], "archived": false, "photos": [] as [Any]])
            summary.entries += 1
        }
        let document: [String: Any] = ["format": "folio-journal/1", "journals": journals, "entries": entries]
        let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: folder.appendingPathComponent("journal.json"))
        return summary
    }

    /// A few paragraphs from the phrase bank, now and then with CommonMark emphasis, a list
    /// or a quotation.
    static func text(sentences: [String], number: Int, random: inout SeededRandom) -> String {
        var paragraphs: [String] = []
        for _ in 0..<(1 + random.below(4)) {
            var paragraph: [String] = []
            for _ in 0..<(2 + random.below(4)) { paragraph.append(sentences[random.below(sentences.count)]) }
            if random.below(5) == 0 { paragraph[0] = "*\(paragraph[0])*" }
            paragraphs.append(paragraph.joined(separator: " "))
        }
        if number % 7 == 0 { paragraphs.insert("> \"\(sentences[random.below(sentences.count)])\"", at: 1) }
        if number % 11 == 0 {
            paragraphs.append((0..<3).map { _ in "- \(sentences[random.below(sentences.count)])" }.joined(separator: "\n"))
        }
        return paragraphs.joined(separator: "\n\n")
    }
}
