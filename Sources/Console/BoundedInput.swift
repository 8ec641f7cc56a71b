import Foundation

/// A request's value that the console will not use: answered 400 with what was wrong, never a
/// trap or a 500.
struct BadRequest: Error, CustomStringConvertible {
    var description: String
}

/// Every number and text read from a request, parsed with bounds.
enum BoundedInput {
    /// Filter and search texts: longer is no one's search (and SQLite refuses a LIKE pattern
    /// over 50,000 bytes).
    static let textLimit = 200

    /// `name`'s integer, `fallback` when absent or empty; a value that is not a number or is
    /// outside `range` is a BadRequest.
    static func integer(_ text: String?, _ name: String, fallback: Int, in range: ClosedRange<Int>) throws(BadRequest) -> Int {
        guard let text, !text.isEmpty else { return fallback }
        guard text.utf8.count <= 20, let value = Int(text), range.contains(value) else {
            throw BadRequest(description: "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// `name`'s text, trimmed; nil when absent or blank; longer than `limit` characters is a
    /// BadRequest.
    static func text(_ text: String?, _ name: String, limit: Int = textLimit) throws(BadRequest) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespaces), !trimmed.isEmpty else { return nil }
        guard trimmed.count <= limit else { throw BadRequest(description: "\(name) is longer than \(limit) characters") }
        return trimmed
    }

    /// A page of a book of `pages` pages, from its number in a path: ASCII digits only, at most
    /// six (a huge number is simply not a page); nil (404) otherwise.
    static func page(_ text: Substring, of pages: Int) -> Int? {
        guard (1...6).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }), let page = Int(text),
              (1...max(1, pages)).contains(page) else { return nil }
        return page
    }

    /// True when `text` holds a control character (a NUL arrives as 0x01, see folio_mhd.h).
    static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }
}
