import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// One book per language (issue 35), each the first article of the Universal Declaration of
/// Human Rights in the United Nations' translation, twice, with a title: every book ends `done`,
/// every word proved on the page and in the EPUB, no glyph missing, hyphenated where the language
/// is and Debian has a dictionary, the EPUB in the book's language and direction.
@Suite(.serialized) struct LanguagesTests {
    static let articles: [(tag: String, title: String, text: String)] = [
        ("ja", "第一条", "すべての人間は、生まれながらにして自由であり、かつ、尊厳と権利とについて平等である。人間は、理性と良心とを授けられており、互いに同胞の精神をもって行動しなければならない。"),
        ("zh", "第一条", "人人生而自由，在尊严和权利上一律平等。他们赋有理性和良心，并应以兄弟关系的精神相对待。"),
        ("ko", "제1조", "모든 인간은 태어날 때부터 자유로우며 그 존엄과 권리에 있어 동등하다. 인간은 천부적으로 이성과 양심을 부여받았으며 서로 형제애의 정신으로 행동하여야 한다."),
        ("ar", "المادة 1", "يولد جميع الناس أحرارًا متساوين في الكرامة والحقوق. وقد وهبوا عقلاً وضميرًا وعليهم أن يعامل بعضهم بعضًا بروح الإخاء."),
        ("he", "סעיף 1", "כל בני אדם נולדו בני חורין ושווים בערכם ובזכויותיהם. כולם חוננו בתבונה ובמצפון, לפיכך חובה עליהם לנהוג איש ברעהו ברוח של אחוה."),
        ("hi", "अनुच्छेद 1", "सभी मनुष्यों को गौरव और अधिकारों के मामले में जन्मजात स्वतन्त्रता और समानता प्राप्त है। उन्हें बुद्धि और अन्तरात्मा की देन प्राप्त है और परस्पर उन्हें भाईचारे के भाव से बर्ताव करना चाहिए।"),
        ("th", "ข้อ 1", "มนุษย์ทั้งหลายเกิดมามีอิสระและเสมอภาคกันในเกียรติศักดิ์และสิทธิ ต่างมีเหตุผลและมโนธรรม และควรปฏิบัติต่อกันด้วยเจตนารมณ์แห่งภราดรภาพ"),
        ("el", "Άρθρο 1", "Όλοι οι άνθρωποι γεννιούνται ελεύθεροι και ίσοι στην αξιοπρέπεια και τα δικαιώματα. Είναι προικισμένοι με λογική και συνείδηση, και οφείλουν να συμπεριφέρονται μεταξύ τους με πνεύμα αδελφοσύνης."),
        ("vi", "Điều 1", "Tất cả mọi người sinh ra đều được tự do và bình đẳng về nhân phẩm và quyền. Mọi con người đều được tạo hóa ban cho lý trí và lương tâm và cần phải đối xử với nhau trong tình anh em."),
        ("de", "Artikel 1", "Alle Menschen sind frei und gleich an Würde und Rechten geboren. Sie sind mit Vernunft und Gewissen begabt und sollen einander im Geist der Brüderlichkeit begegnen."),
        ("fr", "Article premier", "Tous les êtres humains naissent libres et égaux en dignité et en droits. Ils sont doués de raison et de conscience et doivent agir les uns envers les autres dans un esprit de fraternité."),
    ]

    @Test(arguments: articles.map(\.tag))
    func eachLanguageIsABook(_ tag: String) throws {
        let article = try #require(Self.articles.first { $0.tag == tag })
        let workspace = try Workspace()
        let entries = (1...2).map { day in
            Sample.entry("\(tag)-\(day)", "2024-05-0\(day)T09:00:00Z", text: "\(article.text)\n\n“\(article.text)”",
                         title: article.title)
        }
        try workspace.writeExport("udhr", journal: Sample.journal(entries))
        let (report, folder) = try workspace.render(Sample.order(id: "udhr-\(tag)", export: "udhr", language: tag,
                                                                 outputs: ["interior", "epub"]))
        #expect(report.status == .done, "\(tag): \(String(describing: report.error)) \(report.preflight.filter { $0.severity == .error })")
        if tag == "el" {
            // Greek capitals carry no accents: the heads say ΠΕΜΠΤΗ, not ΠΈΜΠΤΗ, and the proof
            // still finds them.
            let text = try Tool.pdfText(folder.appendingPathComponent("interior.pdf")).joined()
            #expect(text.contains("ΠΕΜΠΤΗ") && !text.contains("ΠΈΜΠΤΗ"), "\(text.prefix(600))")
        }
        let codes = report.preflight.map(\.code)
        #expect(!codes.contains("text-missing") && !codes.contains("missing-glyphs"), "\(tag): \(report.preflight)")
        // Copied as poppler reads the content, the text is the article as typed.
        let copied = try Tool.run("pdftotext", ["-raw", folder.appendingPathComponent("interior.pdf").path, "-"]).output
        #expect(Self.comparable(copied).contains(Self.comparable(article.text)), "\(tag): \(copied.suffix(400))")
        // Hyphenated with Debian's dictionary, or a language whose writing never hyphenates.
        #expect(!codes.contains("no-hyphenation-dictionary"), "\(tag): \(codes)")
        let epub = try Tool.run("unzip", ["-p", folder.appendingPathComponent("book.epub").path, "OEBPS/content.opf"]).output
        #expect(epub.contains("xml:lang=\"\(tag)\""), "\(tag)")
        #expect(epub.contains("page-progression-direction=\"rtl\"") == ["ar", "he"].contains(tag), "\(tag)")
    }

    /// Text as the issue compares it: NFC, without whitespace, line-end hyphens, soft hyphens
    /// and the bidi controls poppler puts around right-to-left words (formatting, not text).
    static func comparable(_ text: String) -> String {
        let joined = text.precomposedStringWithCanonicalMapping.replacingOccurrences(of: "\u{2010}\n", with: "")
            .replacingOccurrences(of: "-\n", with: "")
        return String(String.UnicodeScalarView(joined.unicodeScalars.filter {
            !$0.properties.isWhitespace && $0 != "\u{AD}" && !(0x200E...0x200F).contains($0.value)
                && !(0x202A...0x202E).contains($0.value) && !(0x2066...0x2069).contains($0.value)
        }))
    }

    /// Hebrew and Arabic words inside an English line copy as they were typed, in their place.
    @Test func rightToLeftWordsInALeftToRightLineCopyAsTyped() throws {
        let workspace = try Workspace()
        let texts = ["Today we met דוד כהן at the café, and he said שלום לכולם before leaving.",
                     "We read the words مرحبا بالعالم and لا إله on the wall near the station, in 2024."]
        let entries = texts.enumerated().map { Sample.entry("mixed-\($0)", "2024-05-0\($0 + 1)T09:00:00Z", text: $1) }
        try workspace.writeExport("mixed", journal: Sample.journal(entries))
        let (report, folder) = try workspace.render(Sample.order(id: "mixed-rtl", export: "mixed"))
        #expect(report.status == .done, "\(String(describing: report.error))")
        let copied = Self.comparable(try Tool.run("pdftotext", ["-raw", folder.appendingPathComponent("interior.pdf").path, "-"]).output)
        for text in texts { #expect(copied.contains(Self.comparable(text)), "\(copied.suffix(300))") }
    }

    /// Swahili is hyphenated in print, but Debian has no dictionary for it: the book is set
    /// unhyphenated and says so in an info finding, nothing worse.
    @Test func aLanguageWithoutADictionaryIsSetUnhyphenatedWithAnInfo() throws {
        let workspace = try Workspace()
        let text = "Watu wote wamezaliwa huru, hadhi na haki zao ni sawa. Wote wamejaliwa akili na dhamiri, hivyo yapasa watendeane kindugu."
        try workspace.writeExport("udhr", journal: Sample.journal([Sample.entry("sw-1", "2024-05-01T09:00:00Z", text: text)]))
        let (report, _) = try workspace.render(Sample.order(id: "udhr-sw", export: "udhr", language: "sw"))
        #expect(report.status == .done, "\(String(describing: report.error))")
        let finding = try #require(report.preflight.first { $0.code == "no-hyphenation-dictionary" })
        #expect(finding.severity == .info)
    }

    /// An English diary with Russian and Armenian entries: each paragraph is set by its own
    /// language (Russian hyphenated with its dictionary), and Armenian, which Debian has no
    /// dictionary for, is named in an info finding.
    @Test func aDiaryInSeveralLanguagesSetsEachByItsOwnRules() throws {
        let workspace = try Workspace()
        let russian = String(repeating: "Утром шёл дождь, и мы остались дома читать письма, которые бабушка хранила в жестяной коробке из-под печенья. ", count: 6)
        let armenian = "Բոլոր մարդիկ ծնվում են ազատ ու հավասար իրենց արժանապատվությամբ ու իրավունքներով։"
        let entries = [Sample.entry("en-1", "2024-05-01T09:00:00Z", text: "We walked to the harbour and back before breakfast."),
                       Sample.entry("ru-1", "2024-05-02T09:00:00Z", text: russian),
                       Sample.entry("hy-1", "2024-05-03T09:00:00Z", text: armenian)]
        try workspace.writeExport("mixed", journal: Sample.journal(entries))
        let (report, folder) = try workspace.render(Sample.order(id: "mixed", export: "mixed", outputs: ["interior", "epub"]))
        #expect(report.status == .done, "\(String(describing: report.error))")
        // The EPUB says each paragraph's language, so a reader hyphenates and speaks it so.
        let chapter = try Tool.run("unzip", ["-p", folder.appendingPathComponent("book.epub").path, "OEBPS/chapter-001.xhtml"]).output
        #expect(chapter.contains("<p lang=\"ru\" xml:lang=\"ru\">") && chapter.contains("<p lang=\"hy\" xml:lang=\"hy\">"), "\(chapter)")
        let dictionaries = report.preflight.filter { $0.code == "no-hyphenation-dictionary" }
        #expect(dictionaries.count == 1 && dictionaries.allSatisfy { $0.severity == .info && $0.message.contains("\"hy\"") }, "\(dictionaries)")
    }
}
