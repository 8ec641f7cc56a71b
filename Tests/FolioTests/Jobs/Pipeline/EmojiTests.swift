import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// Unicode's own list of emoji (`emoji-test.txt` from Debian's unicode-data: every
/// fully-qualified sequence, ZWJ families, skin tones, flags, keycaps) set as a book, an entry
/// per subgroup (issue 35): each sequence prints as one colour picture from Noto Color Emoji at
/// print resolution, and the page's text holds its exact code points.
@Suite(.serialized) struct EmojiTests {
    static let list = URL(fileURLWithPath: "/usr/share/unicode/emoji/emoji-test.txt")

    /// The fully-qualified sequences of each subgroup, in the list's order.
    static func subgroups() throws -> [(name: String, sequences: [String])] {
        var groups: [(name: String, sequences: [String])] = []
        for line in try String(contentsOf: list, encoding: .utf8).split(separator: "\n") {
            if line.hasPrefix("# subgroup: ") {
                groups.append((String(line.dropFirst("# subgroup: ".count)), []))
            } else if !line.hasPrefix("#"), line.contains("; fully-qualified"), !groups.isEmpty {
                let points = line.split(separator: ";")[0].split(separator: " ").compactMap { UInt32($0, radix: 16) }
                var sequence = String.UnicodeScalarView()
                sequence.append(contentsOf: points.compactMap(Unicode.Scalar.init))
                groups[groups.count - 1].sequences.append(String(sequence))
            }
        }
        return groups.filter { !$0.sequences.isEmpty }
    }

    static func entries(_ groups: [(name: String, sequences: [String])]) -> [[String: Any]] {
        groups.enumerated().map { index, group in
            let day = Calendar(identifier: .gregorian).date(byAdding: .day, value: index, to: Date(timeIntervalSince1970: 1_704_103_200))!
            return Sample.entry("emoji-\(index)", ISO8601DateFormatter().string(from: day),
                                text: group.sequences.joined(separator: " "), title: group.name)
        }
    }

    /// `pdfimages -list`: each image drawn, with its page, pixel width and horizontal ppi.
    static func images(_ pdf: URL) throws -> [(page: Int, width: Int, ppi: Int)] {
        try Tool.run("pdfimages", ["-list", pdf.path]).output.split(separator: "\n").dropFirst(2).compactMap { row in
            let fields = row.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 13, let page = Int(fields[0]), let width = Int(fields[3]), let ppi = Int(fields[12]) else { return nil }
            return (page, width, ppi)
        }
    }

    @Test func everySequenceIsOneColourPictureAtPrintResolutionWithItsCodePoints() throws {
        let groups = try Self.subgroups()
        let all = groups.flatMap(\.sequences)
        #expect(all.count > 3_600, "emoji-test.txt lists \(all.count) fully-qualified sequences")
        let workspace = try Workspace()
        try workspace.writeExport("emoji", journal: Sample.journal(Self.entries(groups)))
        let (report, folder) = try workspace.render(Sample.order(id: "emoji", export: "emoji"))
        #expect(report.status == .done, "\(String(describing: report.error))")
        let codes = report.preflight.map(\.code)
        #expect(!codes.contains("text-missing") && !codes.contains("missing-glyphs"), "\(report.preflight.prefix(5))")
        let pdf = folder.appendingPathComponent("interior.pdf")
        let images = try Self.images(pdf)
        // Noto Color Emoji's 136 px bitmaps, never Cairo's 72 ppi ones, and at least 300 ppi printed.
        #expect(images.allSatisfy { $0.width == 136 && $0.ppi >= 300 }, "\(images.filter { $0.width != 136 || $0.ppi < 300 }.prefix(5))")
        // Page by page, one picture per sequence the page's text holds, and every sequence once
        // in the book with its exact code points.
        let known = Set(all)
        var found: [String] = []
        let pages = try Tool.pdfText(pdf)
        for (index, text) in pages.enumerated() {
            let sequences = text.split(whereSeparator: \.isWhitespace).map(String.init).filter(known.contains)
            found += sequences
            let drawn = images.filter { $0.page == index + 1 }.count
            #expect(drawn == sequences.count, "page \(index + 1): \(drawn) pictures for \(sequences.count) sequences")
        }
        #expect(found.sorted() == all.sorted(), "\(Set(all).subtracting(found).prefix(10)) missing from the text")
    }

    /// Bright emoji on a PDF/X-1a product with a 240 % ink limit: converted like photos, inside
    /// the limit as Ghostscript reads the inks at 300 dpi, and opaque (X-1a forbids transparency).
    @Test func aCMYKProductsEmojiStayInsideItsInkLimit() throws {
        let groups = try Self.subgroups().filter { ["heart", "flag", "country-flag", "emotion", "sky & weather"].contains($0.name) }
        #expect(groups.count == 5)
        let workspace = try Workspace()
        try workspace.writeExport("emoji", journal: Sample.journal(Self.entries(groups)))
        var order = Sample.order(id: "emoji-cmyk", export: "emoji", extra: ["product": "ingramspark-a5-paperback"])
        order["book"] = PDFXTests.book(language: "en", preset: "forest")
        let (report, folder) = try workspace.render(order)
        #expect(report.status == .done, "\(String(describing: report.error))")
        let pdf = folder.appendingPathComponent("interior.pdf")
        let listed = try Tool.run("pdfimages", ["-list", pdf.path]).output.split(separator: "\n").dropFirst(2)
        #expect(!listed.isEmpty && listed.allSatisfy { $0.contains(" cmyk ") && !$0.contains(" smask ") }, "\(listed.prefix(3))")
        let ink = try Tool.run("python3", ["-c", ServiceProductTests.ghostscriptInk, pdf.path, "300"]).output
            .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ", maxSplits: 2).map(String.init)
        #expect(ink.first == "0", "Ghostscript said \(ink.dropFirst(2))")
        let highest = try #require(ink.dropFirst().first.flatMap(Double.init))
        #expect(highest <= 240.5, "\(highest) % total ink, the limit is 240 %")
    }
}
