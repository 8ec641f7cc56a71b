import Diagnostics
import Foundation
import FolioTestSupport
import Testing
@testable import Jobs
@testable import Prepress

/// The archived-text search: the same answers as a naive search, in one pass whatever the
/// number of phrases, and every place a leak can hide in a PDF or an EPUB is searched.
@Suite struct ArchivedTextTests {
    @Test func matcherAgreesWithANaiveSearch() {
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("abcab é".utf8)
        for _ in 0..<200 {
            let patterns = (0..<Int.random(in: 1...30, using: &random)).map { _ in
                (0..<Int.random(in: 1...6, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? 0x61 }
            }
            let haystack = (0..<Int.random(in: 0...300, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? 0x61 }
            let expected = Set(patterns.indices.filter { index in
                patterns.firstIndex(of: patterns[index]) == index && contains(haystack, patterns[index])
            })
            #expect(PhraseMatcher(patterns).matches(in: haystack) == expected, "\(patterns) in \(haystack)")
        }
    }

    func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<($0 + needle.count)]) == needle }
    }

    @Test func compositionLineBreaksAndHyphensCannotHideAPhrase() {
        let archived = ArchivedText(["Café au lait on the terrace"])
        // Decomposed é, a soft hyphen, a line break and doubled spaces.
        #expect(archived.found(in: "we had Cafe\u{301} au la\u{AD}it\non  the terrace.") == ["Café au lait on the terrace"])
        #expect(archived.found(in: "Cafe au lait on the terrace").isEmpty)
        #expect(ArchivedText(["abc"]).isEmpty, "phrases under four characters prove nothing")
    }

    @Test func markupIsReadAsTextAndAsAttributes() {
        let archived = ArchivedText(["the secret line here", "Tom & Jerry's cottage"])
        let forms = MarkupText.forms(Array("<p>the <em>secret</em> line</p><img alt=\"Tom &amp; Jerry&#39;s cottage\"/> here".utf8))
        #expect(archived.found(in: forms.text) == ["the secret line here"])
        #expect(archived.found(in: forms.withTags) == ["Tom & Jerry's cottage"])
    }
}

/// Archived words planted where a reader would see them: each fails verification.
@Suite struct ArchivedLeakTests {
    let workspace: Workspace
    let folder: URL
    static let phrase = "ARCHIVED secret diary line"

    init() throws {
        workspace = try Workspace()
        let export = try workspace.writeExport("anna", journal: Sample.journal([
            Sample.entry("e1", "2025-01-03T10:00:00Z", text: "Kept words here.", photos: [["file": "photos/p.jpg", "caption": "Lake"]]),
            Sample.entry("e2", "2025-02-03T10:00:00Z", text: "Another kept entry."),
        ]))
        try FileManager.default.copyItem(at: corpusRoot.appendingPathComponent("photos/color/prism_pizza-rgb8-srgb.jpg"),
                                         to: export.appendingPathComponent("photos/p.jpg"))
        folder = try workspace.render(Sample.order(outputs: ["interior", "epub"])).folder
    }

    func codes(pdf file: URL) -> [Diagnostic] {
        PDFVerifier(expectations: .init(forbidden: [Self.phrase]), thorough: false).verify(file).filter { $0.code == "archived-content" }
    }

    func codes(epub file: URL) -> [Diagnostic] {
        EPUBVerifier(expectations: .init(forbidden: [Self.phrase])).verify(file).filter { $0.code == "archived-content" }
    }

    /// Runs a Python script as `script SOURCE TARGET MUTATION PHRASE` and returns TARGET.
    func mutate(_ source: String, _ mutation: String, script: String) throws -> URL {
        let out = workspace.root.appendingPathComponent("leak-\(mutation)-\(source)")
        let run = try Tool.run("python3", ["-c", script, folder.appendingPathComponent(source).path, out.path, mutation, Self.phrase])
        try #require(run.status == 0, "\(run.errors)")
        return out
    }

    /// pikepdf rewrites the interior with the phrase in one place.
    func mutatePDF(_ mutation: String) throws -> URL {
        try mutate("interior.pdf", mutation, script: """
            import sys, pikepdf
            source, target, mutation, phrase = sys.argv[1:5]
            with pikepdf.open(source) as pdf:
                if mutation == 'metadata':
                    pdf.docinfo['/Keywords'] = phrase
                elif mutation == 'bookmark':
                    with pdf.open_outline() as outline:
                        outline.root[0].children[0].title = phrase
                pdf.save(target)
            """)
    }

    @Test func aPDFLeakInTheMetadataOrABookmarkFails() throws {
        #expect(codes(pdf: folder.appendingPathComponent("interior.pdf")).isEmpty)
        #expect(codes(pdf: try mutatePDF("none")).isEmpty, "pikepdf's rewrite alone must verify clean")
        for mutation in ["metadata", "bookmark"] {
            let findings = codes(pdf: try mutatePDF(mutation))
            #expect(findings.count == 1 && findings[0].message.contains("metadata or bookmarks"), "\(mutation): \(findings)")
        }
    }

    /// Python's zipfile rebuilds the EPUB with the phrase in one place.
    func mutateEPUB(_ mutation: String) throws -> URL {
        try mutate("book.epub", mutation, script: """
            import sys, zipfile
            source, target, mutation, phrase = sys.argv[1:5]
            hidden = phrase.replace(' ', '')
            with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, 'w') as zout:
                photo = next(n for n in zin.namelist() if n.startswith('OEBPS/images/') and 'cover' not in n)
                old = photo[len('OEBPS/'):]
                for info in zin.infolist():
                    data = zin.read(info.filename)
                    name = info.filename
                    words = phrase.split(' ')
                    if mutation == 'nav' and name.endswith('nav.xhtml'):
                        data = data.replace(b'</ol>', ('<li><a href="chapter-001.xhtml">' + phrase + '</a></li></ol>').encode(), 1)
                    if mutation == 'emphasis' and name.endswith('chapter-001.xhtml'):
                        planted = words[0] + ' <em>' + words[1] + '</em>\\n' + ' '.join(words[2:])
                        data = data.replace(b'</section>', ('<p>' + planted + '</p></section>').encode(), 1)
                    if mutation == 'alt' and name.endswith('chapter-001.xhtml'):
                        data = data.replace(b'alt="', ('alt="' + phrase.replace("secret", "secr&#101;t") + ' ').encode(), 1)
                    if mutation == 'image-name':
                        if name == photo: name = 'OEBPS/images/' + hidden + '.jpg'
                        if name.endswith('.opf') or name.endswith('.xhtml'):
                            data = data.replace(old.encode(), ('images/' + hidden + '.jpg').encode())
                    copy = zipfile.ZipInfo(name, date_time=info.date_time)
                    copy.compress_type = info.compress_type
                    zout.writestr(copy, data)
            """)
    }

    @Test func anEPUBLeakInAChapterTheNavAnAttributeOrAFileNameFails() throws {
        #expect(codes(epub: folder.appendingPathComponent("book.epub")).isEmpty)
        #expect(codes(epub: try mutateEPUB("none")).isEmpty, "the rebuilt archive alone must verify clean")
        let places = ["nav": "nav.xhtml", "emphasis": "chapter-001.xhtml", "alt": "chapter-001.xhtml", "image-name": ".jpg"]
        for (mutation, entry) in places.sorted(by: { $0.key < $1.key }) {
            let findings = codes(epub: try mutateEPUB(mutation))
            #expect(findings.contains { $0.entry?.hasSuffix(entry) == true }, "\(mutation): \(findings)")
        }
    }
}

/// The cost of proving nothing archived leaked follows the size of the outputs, not the number of
/// archived phrases: counted in bytes read and phrase ends examined, never timed.
@Suite struct ArchivedScanCostTests {
    @Test func eachOutputIsReadOnceWhateverThePhraseCount() throws {
        let workspace = try Workspace()
        let sentences = DemoPhrases.sentences(.english)
        var entries: [[String: Any]] = []
        var archivedPhrases: [String] = []
        for day in 0..<220 {
            let (y, m, d) = CivilCalendar.civilFromDays(CivilCalendar.daysFromCivil(year: 2025, month: 1, day: 1) + day)
            let created = String(format: "%04d-%02d-%02dT20:00:00Z", y, m, d)
            if day % 11 == 5 {
                // Twenty archived entries of ten sentences each, all their own.
                let own = (0..<10).map { "Archived note \(archivedPhrases.count + $0) of day \(day) that only its writer saw" }
                archivedPhrases += own
                entries.append(Sample.entry("a\(day)", created, text: own.joined(separator: ". ") + ".", archived: true))
            } else {
                let paragraphs = (0..<9).map { p in (0..<5).map { sentences[(day * 45 + p * 5 + $0) % sentences.count] }.joined(separator: " ") }
                entries.append(Sample.entry("e\(day)", created, text: paragraphs.joined(separator: "\n\n")))
            }
        }
        try workspace.writeExport("anna", journal: Sample.journal(entries))
        let (report, folder) = try workspace.render(Sample.order(outputs: ["interior", "epub"]))
        try #require(report.status == .done, "\(String(describing: report.error))")
        let pages = try #require(report.outputs.first { $0.kind == "interior" }?.pages)
        #expect(archivedPhrases.count == 200)
        #expect(pages >= 500, "the book must be long: \(pages) pages")

        func cost(_ phrases: [String]) -> (pdf: ScanCounter, epub: ScanCounter, leaks: Int) {
            let pdf = ScanCounter(), epub = ScanCounter()
            let pdfFindings = PDFVerifier(expectations: .init(forbidden: phrases, scanCounter: pdf), thorough: false)
                .verify(folder.appendingPathComponent("interior.pdf"))
            let epubFindings = EPUBVerifier(expectations: .init(forbidden: phrases, scanCounter: epub))
                .verify(folder.appendingPathComponent("book.epub"))
            return (pdf, epub, (pdfFindings + epubFindings).filter { $0.code == "archived-content" }.count)
        }
        let few = cost(Array(archivedPhrases.prefix(2)))
        let all = cost(archivedPhrases)
        #expect(few.leaks == 0 && all.leaks == 0)
        // The same bytes are read for 2 phrases and for 200: one search serves them all.
        #expect(all.pdf.bytesScanned == few.pdf.bytesScanned && all.epub.bytesScanned == few.epub.bytesScanned)
        // Each page once, and the metadata and bookmarks once.
        #expect(all.pdf.segmentsScanned == pages + 1)
        // Each EPUB entry's name, markup and text: at most twice its uncompressed size, plus names.
        let zip = ZipReader(bytes: try Data(contentsOf: folder.appendingPathComponent("book.epub")))
        let textEntries = zip.entries.filter { !$0.name.hasSuffix(".jpg") && !$0.name.hasSuffix(".otf") && !$0.name.hasSuffix(".ttf") }
        let uncompressed = try textEntries.reduce(0) { $0 + (try zip.data($1)).count + 2 }
        #expect(all.epub.segmentsScanned == zip.entries.count)
        #expect(all.epub.bytesScanned <= 2 * uncompressed + zip.entries.reduce(0) { $0 + $1.name.utf8.count })
        // Phrase ends examined are bounded by the bytes read, not multiplied by the phrases.
        #expect(all.pdf.phraseEndsExamined <= all.pdf.bytesScanned && all.epub.phraseEndsExamined <= all.epub.bytesScanned)
        #expect(all.pdf.bytesScanned > 500_000, "the text of a long book was read: \(all.pdf.bytesScanned) bytes")
    }
}
