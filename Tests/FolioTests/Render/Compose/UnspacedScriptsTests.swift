import Testing
@testable import Render

/// Which paragraphs are set flush rather than justified: those written mostly in a script
/// without spaces between words, counted in letters, whatever the markup's tags say.
@Suite struct UnspacedScriptsTests {
    @Test func aParagraphMostlyInThaiLaoKhmerOrBurmeseIsFlush() {
        #expect(UnspacedScripts.dominate("วันนี้ฝนตกทั้งวัน เราจึงอยู่บ้านอ่านหนังสือ"))
        #expect(UnspacedScripts.dominate("ມື້ນີ້ຝົນຕົກໝົດມື້"))
        #expect(UnspacedScripts.dominate("ថ្ងៃនេះភ្លៀងពេញមួយថ្ងៃ"))
        #expect(UnspacedScripts.dominate("ဒီနေ့တစ်နေ့လုံးမိုးရွာတယ်"))
        // A few English words in a Thai paragraph do not make it English.
        #expect(UnspacedScripts.dominate("วันนี้ไปเที่ยว Bangkok กับเพื่อนๆ ที่สนามบินสุวรรณภูมิ"))
        // A tag's letters are not the paragraph's: Thai in a long Latin attribute stays Thai.
        #expect(UnspacedScripts.dominate("<span font_family=\"Noto Sans Thai Looped Condensed Regular\">วันนี้ฝนตกทั้งวัน</span>"))
    }

    @Test func aParagraphMostlyInSpacedScriptsIsJustified() {
        #expect(!UnspacedScripts.dominate("It rained all day, so we stayed in and read."))
        // English letters outnumber the Thai ones; the tags' letters are not counted.
        #expect(!UnspacedScripts.dominate("We ate at <i>Som Tam Nua</i> near Siam Square: ส้มตำ, then walked home."))
        #expect(!UnspacedScripts.dominate("<span font_family=\"Noto Sans\">ส้มตำ</span> and more English words here"))
        #expect(!UnspacedScripts.dominate("Сегодня весь день шёл дождь, ส้มตำ."))
        #expect(!UnspacedScripts.dominate("12345 — 67890"))
    }
}
