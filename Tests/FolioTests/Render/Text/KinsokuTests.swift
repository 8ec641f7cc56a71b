import Document
import Testing
@testable import Render

/// Japanese and Chinese lines keep JLREQ's basic line-start and line-end prohibitions (kinsoku):
/// no line begins with a closing bracket, a full stop or comma, a small kana, a prolonged sound
/// mark or an iteration mark, and none ends with an opening bracket (issue 35). Pango's UAX 14
/// breaking keeps them; the test holds it to them. Full lines end on the measure, within a point.
@Suite struct KinsokuTests {
    static let japanese = "すべての人間は、生まれながらにして自由であり、かつ、尊厳と権利とについて平等である。人間は、理性と良心とを授けられており、互いに同胞の精神をもって行動しなければならない。「ちょっと待って」と彼女は言った。（ゆっくり）キャッシュカードをコピーして、スーパーマーケットへ行った。人々は時々々、ゆっくりと歩いた。"
    static let chinese = "人人生而自由，在尊严和权利上一律平等。他们赋有理性和良心，并应以兄弟关系的精神相对待。“你好！”她说。（慢慢地）我们去了超市，买了牛奶、面包和苹果。"

    /// JLREQ's classes (cl-02 closing brackets, cl-03 hyphens, cl-04 dividing punctuation, cl-05
    /// middle dots, cl-06 full stops, cl-07 commas, cl-09 iteration marks, cl-10 prolonged
    /// sound mark, cl-11 small kana) that never begin a line.
    static let neverFirst = Set("」』）〕］｝〉》】〙〗〟’”｠»‐〜゠–！？!?‼⁇⁈⁉・：；。.，,、ヽヾゝゞ々〻ーぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ")
    /// Opening brackets (cl-01) never end one.
    static let neverLast = Set("「『（〔［｛〈《【〘〖〝‘“｟«")

    @Test(arguments: [("ja", japanese), ("zh", chinese)])
    func linesKeepTheProhibitions(tag: String, text: String) throws {
        let language = try #require(BookLanguage(tag: tag))
        let engine = TextEngine(typography: Typography(), language: language)
        var lines = 0
        for width in stride(from: 80.0, through: 330, by: 7) {
            let paragraph = engine.paragraph(markup: PangoMarkup.escape(text), font: engine.typography.font(.body), width: width,
                                             style: ParagraphStyle(alignment: .justified))
            let texts = paragraph.lineTexts
            for (line, edge) in zip(texts, paragraph.measuredRightEdges).dropLast() {
                #expect(abs(edge - width) <= 1, "\(tag) at \(width) pt, a full line ends at \(edge): \(line)")
            }
            for (index, line) in texts.enumerated() {
                lines += 1
                if index > 0, let first = line.first {
                    #expect(!Self.neverFirst.contains(first), "\(tag) at \(width) pt, a line begins with \(first): \(line)")
                }
                if index + 1 < texts.count, let last = line.trimmingCharacters(in: .whitespaces).last {
                    #expect(!Self.neverLast.contains(last), "\(tag) at \(width) pt, a line ends with \(last): \(line)")
                }
            }
        }
        #expect(lines > 150)
    }
}
