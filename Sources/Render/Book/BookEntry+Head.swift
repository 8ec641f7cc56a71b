import Foundation

extension BookEntry {
    /// The line that opens the entry in the book and the EPUB: its day and time as `language`
    /// writes them ("Saturday, 8 February 2020 · 10:00"; the print edition sets it in
    /// capitals). The completeness check cuts each output into entries at these lines.
    public func head(in language: BookLanguage) -> String {
        "\(language.entryDate(local)) · \(String(format: "%02d:%02d", local.hour, local.minute))"
    }
}
