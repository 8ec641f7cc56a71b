import Diagnostics
import Document
import Foundation

/// A jrnl folder journal (`jrnl/journals/FolderJournal.py`): one text journal per day at
/// `YYYY/MM/DD.txt`; anything else in the folder is not jrnl's and is ignored, as jrnl does.
enum JrnlFolder {
    struct Day {
        var year: Int, month: Int, day: Int
        var file: URL
    }

    static func dayFiles(_ folder: URL) -> [Day] {
        func names(_ url: URL) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }
        func digits(_ name: String, _ count: Int) -> Int? {
            name.count == count && name.allSatisfy { $0.isASCII && $0.isNumber } ? Int(name) : nil
        }
        var days: [Day] = []
        for yearName in names(folder) {
            guard let year = digits(yearName, 4) else { continue }
            let yearFolder = folder.appendingPathComponent(yearName)
            for monthName in names(yearFolder) {
                guard let month = digits(monthName, 2) else { continue }
                let monthFolder = yearFolder.appendingPathComponent(monthName)
                for dayName in names(monthFolder) where dayName.hasSuffix(".txt") {
                    guard let day = digits(String(dayName.dropLast(4)), 2) else { continue }
                    days.append(Day(year: year, month: month, day: day, file: monthFolder.appendingPathComponent(dayName)))
                }
            }
        }
        return days
    }
}
