import Diagnostics
import Foundation
import FolioTestSupport
import Testing
@testable import Jobs
@testable import Prepress

/// The Markdown specs as conformance suites for the whole book (issue 33): every example of the
/// GFM spec (the CommonMark spec with GitHub's extensions) and of cmark-gfm's extension tests
/// becomes an entry, and the job's own completeness check must pass it (no false
/// `text-missing`), while a second check, whose expectation is the text of the spec's reference
/// HTML instead of Folio's reading, must find every word of it on the pages and in the EPUB.
@Suite(.serialized) struct MarkdownSpecTests {
    struct Outcome {
        /// What the job's verification found.
        var findings: [Diagnostic]
        /// The reference HTML's words the pages or the EPUB lack.
        var referenceMissing: [Diagnostic]
        var entries: [String]
    }

    static let examples: [SpecExample] = {
        ((try? SpecExample.load("spec.txt")) ?? []) + ((try? SpecExample.load("extensions.txt")) ?? [])
    }()

    /// Examples whose reference HTML shows no word: nothing a book could hold.
    static var printable: [SpecExample] {
        examples.filter { $0.referenceText.contains { $0.isLetter || $0.isNumber } }
    }

    /// Renders and verifies one book whose entries are `examples`, one a day.
    static func book(_ examples: [SpecExample]) throws -> Outcome {
        let workspace = try Workspace()
        let start = Date(timeIntervalSince1970: 1_577_872_800)
        let entries = examples.enumerated().map { index, example in
            Sample.entry(example.id, ISO8601DateFormatter().string(from: start.addingTimeInterval(Double(index) * 86_400)),
                         text: example.markdown)
        }
        try workspace.writeExport("spec", journal: Sample.journal(entries))
        let book = try VerifiedBook(workspace, export: "spec", id: "spec")
        let heads = Dictionary(book.resolved.expectedText.entries.map { ($0.id, $0.head) }, uniquingKeysWith: { first, _ in first })
        let reference = ExpectedText(examples.compactMap { example in
            heads[example.id].map { ExpectedText.Entry(id: example.id, parts: [example.referenceText], head: $0) }
        })
        let referenceMissing = book.findings(expecting: reference).filter { $0.code == "text-missing" }
        return Outcome(findings: book.findings, referenceMissing: referenceMissing, entries: book.resolved.book.entries.map(\.id))
    }

    @Test func theSpecsAreReadWhole() {
        // The GFM spec 0.29 has 649 CommonMark examples and 24 of its extensions (two disabled);
        // cmark-gfm's extension tests add 28.
        #expect(Self.examples.count == 671 + 28, "\(Self.examples.count)")
    }

    @Test func everyExampleInOneBookIsCompleteAndShowsEveryReferenceWord() throws {
        let examples = Self.printable
        let outcome = try Self.book(examples)
        #expect(outcome.entries.count == examples.count,
                "every example with words is an entry of the book: \(examples.map(\.id).filter { !outcome.entries.contains($0) })")
        let errors = outcome.findings.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.count) errors: \(errors.prefix(20).map { "\($0.entry ?? "") \($0.message)" })")
        #expect(outcome.referenceMissing.isEmpty,
                "\(outcome.referenceMissing.count): \(outcome.referenceMissing.prefix(20).map { "\($0.entry ?? "") \($0.message)" })")
    }

    /// Each example as the one entry of its own book: nothing before or after it to lean on.
    @Test func everyExampleAsItsOwnBookIsComplete() throws {
        var failures: [String] = []
        for example in Self.printable {
            let outcome = try Self.book([example])
            let errors = outcome.findings.filter { $0.severity == .error } + outcome.referenceMissing
            if outcome.entries != [example.id] || !errors.isEmpty {
                failures.append("\(example.id): \(outcome.entries) \(errors.map(\.message))")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(Self.printable.count): \(failures.prefix(10))")
    }

    /// No GFM construct is printed as its source: every table, strikethrough, task box and
    /// footnote reference the reference HTML holds is one in the book too (read from the EPUB,
    /// whose chapters come from the same blocks as the pages).
    @Test func gfmConstructsAreSetNotPrintedAsSource() throws {
        let examples = Self.printable.filter { !$0.extensionName.isEmpty || $0.id.hasPrefix("extensions-") }
        let workspace = try Workspace()
        let entries = examples.enumerated().map { index, example in
            Sample.entry(example.id, "2024-01-\(String(format: "%02d", index % 28 + 1))T0\(index / 28):00:00Z", text: example.markdown)
        }
        try workspace.writeExport("gfm", journal: Sample.journal(entries))
        let book = try VerifiedBook(workspace, export: "gfm", id: "gfm")
        let epub = try #require(book.outputs.first { $0.kind == .epub }?.file)
        let xhtml = try Tool.run("unzip", ["-p", epub.path, "OEBPS/chapter-*.xhtml"]).output
        let sections = Dictionary(xhtml.components(separatedBy: "<section class=\"entry\" id=\"entry-").dropFirst().map { section in
            (String(section.prefix { $0 != "\"" }), section)
        }, uniquingKeysWith: { first, _ in first })
        let constructs = [("<table", "<table>"), ("<del>", "<del>"), ("type=\"checkbox\"", "class=\"task\""),
                          ("class=\"footnote-ref\"", "<sup>")]
        var printedAsSource: [String] = []
        for example in examples {
            let section = sections[example.id] ?? ""
            for (reference, set) in constructs where example.html.contains(reference) && !section.contains(set) {
                printedAsSource.append("\(example.id): \(reference)")
            }
        }
        #expect(examples.count >= 40 && sections.count == examples.count, "\(examples.count) examples, \(sections.count) sections")
        #expect(printedAsSource.isEmpty, "\(printedAsSource)")
    }
}
