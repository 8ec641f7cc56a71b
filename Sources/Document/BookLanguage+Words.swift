/// The few words a book prints of its own (the running title of a journal without one, the
/// placeholder of a photo that cannot be printed, the EPUB's landmarks), in the languages Folio
/// has them for; any other language gets English's, which the docs say.
extension BookLanguage {
    struct Words {
        var diary, photoUnavailable, photo, cover, titlePage, contents: String
    }

    /// The running-head title when a journal has none.
    public var diaryWord: String { words.diary }
    /// Shown in place of a photo that cannot be printed.
    public var photoUnavailable: String { words.photoUnavailable }
    public var photoWord: String { words.photo }
    public var coverWord: String { words.cover }
    public var titlePageWord: String { words.titlePage }
    public var contentsWord: String { words.contents }

    /// Whether Folio has its own words in this language (else they are English).
    public var hasOwnWords: Bool { Self.table[wordsKey] != nil }

    private var words: Words { Self.table[wordsKey] ?? Self.englishWords }

    private static let englishWords = Words(diary: "Diary", photoUnavailable: "Photo unavailable", photo: "Photo", cover: "Cover",
                                            titlePage: "Title page", contents: "Contents")

    /// Chinese is written in two scripts: Traditional for `zh-Hant`, Taiwan, Hong Kong and Macau.
    private var wordsKey: String {
        guard primaryLanguage == "zh" else { return primaryLanguage }
        let traditional = tag.contains("-Hant") || ["-TW", "-HK", "-MO"].contains { tag.hasSuffix($0) }
        return traditional ? "zh-Hant" : "zh"
    }

    private static let table: [String: Words] = [
        "en": englishWords,
        "ru": Words(diary: "Дневник", photoUnavailable: "Фото недоступно", photo: "Фото", cover: "Обложка", titlePage: "Титульный лист", contents: "Содержание"),
        "es": Words(diary: "Diario", photoUnavailable: "Foto no disponible", photo: "Foto", cover: "Cubierta", titlePage: "Portada", contents: "Índice"),
        "de": Words(diary: "Tagebuch", photoUnavailable: "Foto nicht verfügbar", photo: "Foto", cover: "Umschlag", titlePage: "Titelseite", contents: "Inhalt"),
        "fr": Words(diary: "Journal", photoUnavailable: "Photo indisponible", photo: "Photo", cover: "Couverture", titlePage: "Page de titre", contents: "Table des matières"),
        "it": Words(diary: "Diario", photoUnavailable: "Foto non disponibile", photo: "Foto", cover: "Copertina", titlePage: "Frontespizio", contents: "Indice"),
        "pt": Words(diary: "Diário", photoUnavailable: "Foto indisponível", photo: "Foto", cover: "Capa", titlePage: "Folha de rosto", contents: "Sumário"),
        "nl": Words(diary: "Dagboek", photoUnavailable: "Foto niet beschikbaar", photo: "Foto", cover: "Omslag", titlePage: "Titelpagina", contents: "Inhoud"),
        "pl": Words(diary: "Dziennik", photoUnavailable: "Zdjęcie niedostępne", photo: "Zdjęcie", cover: "Okładka", titlePage: "Strona tytułowa", contents: "Spis treści"),
        "uk": Words(diary: "Щоденник", photoUnavailable: "Фото недоступне", photo: "Фото", cover: "Обкладинка", titlePage: "Титульна сторінка", contents: "Зміст"),
        "el": Words(diary: "Ημερολόγιο", photoUnavailable: "Η φωτογραφία δεν είναι διαθέσιμη", photo: "Φωτογραφία", cover: "Εξώφυλλο", titlePage: "Σελίδα τίτλου", contents: "Περιεχόμενα"),
        "tr": Words(diary: "Günlük", photoUnavailable: "Fotoğraf kullanılamıyor", photo: "Fotoğraf", cover: "Kapak", titlePage: "Başlık sayfası", contents: "İçindekiler"),
        "vi": Words(diary: "Nhật ký", photoUnavailable: "Không có ảnh", photo: "Ảnh", cover: "Bìa", titlePage: "Trang tên sách", contents: "Mục lục"),
        "ja": Words(diary: "日記", photoUnavailable: "写真を表示できません", photo: "写真", cover: "表紙", titlePage: "扉", contents: "目次"),
        "zh": Words(diary: "日记", photoUnavailable: "照片无法显示", photo: "照片", cover: "封面", titlePage: "扉页", contents: "目录"),
        "zh-Hant": Words(diary: "日記", photoUnavailable: "照片無法顯示", photo: "照片", cover: "封面", titlePage: "扉頁", contents: "目錄"),
        "ko": Words(diary: "일기", photoUnavailable: "사진을 표시할 수 없음", photo: "사진", cover: "표지", titlePage: "속표지", contents: "차례"),
        "ar": Words(diary: "يوميات", photoUnavailable: "الصورة غير متاحة", photo: "صورة", cover: "الغلاف", titlePage: "صفحة العنوان", contents: "المحتويات"),
        "he": Words(diary: "יומן", photoUnavailable: "התמונה אינה זמינה", photo: "תמונה", cover: "כריכה", titlePage: "שער", contents: "תוכן העניינים"),
        "hi": Words(diary: "डायरी", photoUnavailable: "फ़ोटो उपलब्ध नहीं", photo: "फ़ोटो", cover: "आवरण", titlePage: "मुखपृष्ठ", contents: "विषय-सूची"),
        "th": Words(diary: "บันทึก", photoUnavailable: "ไม่มีรูปภาพ", photo: "รูปภาพ", cover: "ปก", titlePage: "หน้าชื่อเรื่อง", contents: "สารบัญ"),
    ]
}
