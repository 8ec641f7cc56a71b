import Foundation
import FolioTestSupport
import Testing
@testable import Import
@testable import Jobs

/// The completeness check on scripts nobody here writes (issue 33): right-to-left text with a
/// title, digits and Latin words, Devanagari's reordered vowels, Thai without spaces, emoji
/// sequences. Every book is complete and must pass; a word taken out or moved must fail it.
@Suite(.serialized) struct ScriptsCompletenessTests {
    static let entries: [(id: String, title: String?, text: String)] = [
        ("arabic", "يوم في القاهرة", "ذهبنا إلى السوق في الساعة 10 واشترينا 3 كيلو من التمر مع Anna و Omar، ثم عدنا إلى البيت."),
        ("hebrew", "יום בים", "הלכנו לים ב-7 בבוקר עם David, והמים היו 24 מעלות. אכלנו ארוחת צהריים בנמל."),
        ("hindi", nil, "आज हमने दिल्ली में 5 किलोमीटर पैदल चलकर क़ुतुब मीनार देखा। शाम को चाय पी और किताब पढ़ी।"),
        ("thai", nil, "วันนี้เราไปตลาดน้ำตอนเช้า 8 โมง แล้วกินก๋วยเตี๋ยวเรือกับเพื่อนๆ"),
        ("emoji", "Welcome ❤️", "Tap ⭐️ to star an entry 👍🏽, and 👨‍👩‍👧 for the family. 1️⃣ first."),
        ("mixed", nil, "Breakfast in Tel Aviv: שקשוקה and coffee, then a walk to يافا (Jaffa) by 9:30."),
    ]

    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
        let items = Self.entries.enumerated().map { index, entry in
            Sample.entry(entry.id, "2024-05-0\(index + 1)T09:00:00Z", text: entry.text, title: entry.title.map { $0 as Any } ?? NSNull())
        }
        try workspace.writeExport("scripts", journal: Sample.journal(items))
    }

    @Test func everyScriptIsFoundWhole() throws {
        let (report, _) = try workspace.render(Sample.order(id: "scripts", export: "scripts", outputs: ["interior", "epub"]))
        #expect(report.status == .done, "\(String(describing: report.error)) \(report.preflight.filter { $0.severity == .error })")
    }

    /// One word or one emoji lost between the reading and the page fails the job, naming the
    /// entry, in the PDF and in the EPUB.
    @Test(arguments: [("arabic", "واشترينا"), ("hebrew", "בבוקר"), ("hindi", "किलोमीटर"), ("thai", "ก๋วยเตี๋ยวเรือ"),
                      ("emoji", "👍🏽"), ("mixed", "שקשוקה")])
    func aLostWordOrEmojiFailsTheJob(entry: String, lost: String) throws {
        let findings = try VerifiedBook(workspace, export: "scripts", id: "lost-\(entry)") { journal in
            guard let index = journal.entries.firstIndex(where: { $0.id == entry }) else { return }
            // The export's own text stays what the reader wrote; the importer's copy loses a word.
            journal.entries[index].source = journal.entries[index].text
            journal.entries[index].text = journal.entries[index].text.replacingOccurrences(of: lost, with: "")
        }.findings
        let missing = findings.filter { $0.code == "text-missing" }
        #expect(missing.count == 2 && missing.allSatisfy { $0.entry == entry }, "\(findings)")
    }

    /// Right-to-left text is proved in the order it was written, not by the letters it holds:
    /// two words changing places, every letter still there, fail the job.
    @Test(arguments: [("arabic", "السوق", "البيت"), ("hebrew", "לים", "בנמל"), ("mixed", "שקשוקה", "coffee")])
    func twoWordsChangingPlacesFailTheJob(entry: String, first: String, second: String) throws {
        let findings = try VerifiedBook(workspace, export: "scripts", id: "swapped-\(entry)") { journal in
            guard let index = journal.entries.firstIndex(where: { $0.id == entry }) else { return }
            let text = journal.entries[index].text
            journal.entries[index].source = text
            journal.entries[index].text = text.replacingOccurrences(of: first, with: "\u{0}")
                .replacingOccurrences(of: second, with: first).replacingOccurrences(of: "\u{0}", with: second)
        }.findings
        let missing = findings.filter { $0.code == "text-missing" }
        #expect(missing.count == 2 && missing.allSatisfy { $0.entry == entry }, "\(findings)")
    }
}
