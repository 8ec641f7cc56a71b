import Diagnostics
import Foundation
import Testing
@testable import Prepress

/// The EPUB's completeness proof reads the spine a document at a time (a decade's EPUB holds a
/// month's text, not ten years'): what it finds is what reading the spine whole finds, for a
/// book that is whole, one that lost words, one that lost an entry, and one that lost many.
@Suite struct EPUBCompletenessTests {
    /// Three chapters of three entries each, as Folio writes them.
    static let chapters: [[(id: String, head: String, words: String)]] = (1...3).map { month in
        (1...3).map { day in
            (id: "e\(month)-\(day)", head: "Tuesday \(day) \(["April", "May", "June"][month - 1]) 2025, 09:00",
             words: "On day \(day) of month \(month) the ferry was late and we walked home along the quay.")
        }
    }

    static var expected: ExpectedText {
        ExpectedText(chapters.flatMap { $0 }.map { ExpectedText.Entry(id: $0.id, parts: [$0.words], head: $0.head) })
    }

    /// The spine's documents, with `change` applied to each entry's section as written.
    static func contents(_ change: (String, String) -> String = { _, section in section }) -> (spine: [String], contents: [String: [UInt8]]) {
        var contents: [String: [UInt8]] = [:]
        var spine: [String] = []
        for (index, chapter) in chapters.enumerated() {
            let path = "OEBPS/chapter-\(index + 1).xhtml"
            var body = "<h2 class=\"chapter\">Month \(index + 1)</h2>\n"
            for entry in chapter {
                body += change(entry.id, "<section class=\"entry\" id=\"\(entry.id)\"><h3>\(entry.head)</h3>\n<p>\(entry.words)</p></section>\n")
            }
            contents[path] = Array("<?xml version=\"1.0\"?><html xmlns=\"http://www.w3.org/1999/xhtml\"><body>\(body)</body></html>".utf8)
            spine.append(path)
        }
        return (spine, contents)
    }

    static func both(_ book: (spine: [String], contents: [String: [UInt8]])) -> (streamed: [Diagnostic], whole: [Diagnostic]) {
        let verifier = EPUBVerifier()
        return (verifier.completeness(expected, spine: book.spine, book.contents), verifier.wholeCompleteness(expected, spine: book.spine, book.contents))
    }

    @Test func aWholeBookPassesBothWays() {
        let (streamed, whole) = Self.both(Self.contents())
        #expect(streamed.isEmpty && whole.isEmpty, "\(streamed) \(whole)")
    }

    @Test func lostWordsAreFoundInTheirOwnDocument() {
        let (streamed, whole) = Self.both(Self.contents { id, section in id == "e2-3" ? section.replacingOccurrences(of: "walked home", with: "") : section })
        #expect(streamed.map(\.entry) == ["e2-3"] && whole.map(\.entry) == ["e2-3"], "\(streamed) \(whole)")
        #expect(streamed.first?.message == whole.first?.message, "\(streamed) \(whole)")
        #expect(streamed.first?.message.contains("chapter-2.xhtml") == true && streamed.first?.message.contains("walked home") == true)
    }

    @Test func aLostEntryIsNamedAndTheRestAreStillMatched() {
        let (streamed, whole) = Self.both(Self.contents { id, section in id == "e2-1" || id == "e3-2" ? "" : section })
        #expect(streamed.map(\.entry) == ["e2-1", "e3-2"] && whole.map(\.entry) == ["e2-1", "e3-2"], "\(streamed) \(whole)")
        #expect(streamed.allSatisfy { $0.code == "text-missing" })
    }

    @Test func entriesInTheWrongOrderAreMissingBothWays() {
        // The book's first entry written last: everything before it is passed over to find it.
        var book = Self.contents()
        let first = Array("<section class=\"entry\" id=\"e1-1\">".utf8)
        var chapterOne = String(decoding: book.contents["OEBPS/chapter-1.xhtml"] ?? [], as: UTF8.self)
        let section = Self.contents().contents["OEBPS/chapter-1.xhtml"].map { String(decoding: $0, as: UTF8.self) } ?? ""
        guard let start = section.range(of: String(decoding: first, as: UTF8.self)), let end = section.range(of: "</section>\n", range: start.upperBound..<section.endIndex)
        else { Issue.record("no first section"); return }
        let moved = String(section[start.lowerBound..<end.upperBound])
        chapterOne = chapterOne.replacingOccurrences(of: moved, with: "")
        book.contents["OEBPS/chapter-1.xhtml"] = Array(chapterOne.utf8)
        var last = String(decoding: book.contents["OEBPS/chapter-3.xhtml"] ?? [], as: UTF8.self)
        last = last.replacingOccurrences(of: "</body>", with: moved + "</body>")
        book.contents["OEBPS/chapter-3.xhtml"] = Array(last.utf8)
        let (streamed, whole) = Self.both(book)
        #expect(!streamed.isEmpty && streamed.map(\.entry) == whole.map(\.entry), "\(streamed) \(whole)")
    }
}
