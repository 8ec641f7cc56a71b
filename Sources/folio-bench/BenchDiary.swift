import Document
import Foundation
import Jobs
import Render

/// One of the bench's diaries: what it is called in the tables, its export folder's name, and
/// what the generator put in it.
struct BenchDiary {
    var label: String
    var export: String
    var summary: BenchExport.Summary
    var language: BookLanguage

    /// `languages`: an entry each in turn, in a book in `language` (a bilingual diary).
    static func write(_ label: String, export: String, entries: Int, photos: Int, under exports: URL,
                      pictures: BenchPictures, language: BookLanguage = .english,
                      languages: [BookLanguage]? = nil) throws(BenchError) -> BenchDiary {
        let folder = exports.appendingPathComponent(export)
        do {
            let summary = try BenchExport.write(to: folder, entries: entries, photos: photos, seed: 42, pictures: pictures,
                                                language: language, languages: languages)
            return BenchDiary(label: label, export: export, summary: summary, language: language)
        } catch {
            throw BenchError("cannot write the \(label) diary in \(folder.path): \(error)")
        }
    }
}
