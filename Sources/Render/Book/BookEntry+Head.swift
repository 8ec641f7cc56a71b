import Document
import Foundation

extension BookEntry {
    /// The line that opens the entry in the book and the EPUB: its day and time as `language`
    /// writes them ("Saturday, 8 February 2020 · 10:00"; the print edition sets it in
    /// capitals; an all-day entry names its day alone). The completeness check cuts each output
    /// into entries at these lines.
    public func head(in language: BookLanguage) -> String {
        let day = language.entryDate(local)
        return isAllDay ? day : "\(day) · \(String(format: "%02d:%02d", local.hour, local.minute))"
    }
}
