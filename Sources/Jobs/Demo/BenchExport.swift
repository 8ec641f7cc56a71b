import Foundation
import Prepress
import Render

/// The benchmark's diary: one entry a day for a year, with phone-sized photos (4032×3024)
/// spread evenly. Eight distinct pictures are drawn and copied under every photo's name, so
/// generating stays quick while every photo is still read and decoded on its own.
public enum BenchExport {
    public static func write(to folder: URL, entries: Int, photos: Int, seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let photoFolder = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photoFolder, withIntermediateDirectories: true)
        var originals: [Data] = []
        for index in 0..<min(8, max(1, photos)) {
            let pixels = SamplePhoto.pixels(width: 4032, height: 3024, seed: seed &+ UInt64(index))
            originals.append(try JPEGEncoder.encode(pixels: pixels, width: 4032, height: 3024, components: 3, quality: 88))
        }
        let sentences = DemoPhrases.sentences(.english)
        var list: [[String: Any]] = []
        var placed = 0
        for number in 0..<entries {
            let (y, m, d) = CivilCalendar.civilFromDays(CivilCalendar.daysFromCivil(year: 2025, month: 1, day: 1) + number)
            // Spread the photos evenly over the entries, several to an entry when there are many.
            let due = (number + 1) * photos / max(1, entries)
            var entryPhotos: [[String: Any]] = []
            while placed < due {
                let name = String(format: "photos/p%04d.jpg", placed)
                try originals[placed % originals.count].write(to: folder.appendingPathComponent(name))
                entryPhotos.append(["file": name, "caption": sentences[placed % sentences.count]])
                placed += 1
            }
            list.append(["id": String(format: "e%04d", number), "journal": "j1",
                         "created_at": String(format: "%04d-%02d-%02dT20:00:00+01:00", y, m, d), "title": NSNull(),
                         "text": DemoExport.text(sentences: sentences, number: number, random: &random),
                         "archived": false, "photos": entryPhotos])
        }
        let document: [String: Any] = ["format": "folio-journal/1", "journals": [["id": "j1", "title": "Bench"]], "entries": list]
        try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]).write(to: folder.appendingPathComponent("journal.json"))
    }
}
