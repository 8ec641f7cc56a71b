/// The few words a book prints of its own (the running title of a journal without one, the
/// placeholder of a photo that cannot be printed, the EPUB's landmarks), in the languages Folio
/// has them for; any other language gets English's, which the docs say.
extension BookLanguage {
    struct Words {
        var diary, photoUnavailable, photo, cover, titlePage, contents: String
        /// "Volume {n} of {m}": a volume's place in its set, on its title page and spine.
        var volume: String
    }

    /// The running-head title when a journal has none.
    public var diaryWord: String { words.diary }
    /// Shown in place of a photo that cannot be printed.
    public var photoUnavailable: String { words.photoUnavailable }
    public var photoWord: String { words.photo }
    public var coverWord: String { words.cover }
    public var titlePageWord: String { words.titlePage }
    public var contentsWord: String { words.contents }

    /// "Volume 2 of 4", as the book's language says it.
    public func volumeLabel(_ number: Int, of count: Int) -> String {
        words.volume.replacingOccurrences(of: "{n}", with: String(number)).replacingOccurrences(of: "{m}", with: String(count))
    }

    /// Whether Folio has its own words in this language (else they are English).
    public var hasOwnWords: Bool { Self.table[wordsKey] != nil }

    private var words: Words { Self.table[wordsKey] ?? Self.englishWords }

    private static let englishWords = Words(diary: "Diary", photoUnavailable: "Photo unavailable", photo: "Photo", cover: "Cover",
                                            titlePage: "Title page", contents: "Contents", volume: "Volume {n} of {m}")

    /// Chinese is written in two scripts: Traditional for `zh-Hant`, Taiwan, Hong Kong and Macau.
    private var wordsKey: String {
        guard primaryLanguage == "zh" else { return primaryLanguage }
        let traditional = tag.contains("-Hant") || ["-TW", "-HK", "-MO"].contains { tag.hasSuffix($0) }
        return traditional ? "zh-Hant" : "zh"
    }

    private static let table: [String: Words] = [
        "en": englishWords,
        "ru": Words(diary: "Дневник", photoUnavailable: "Фото недоступно", photo: "Фото", cover: "Обложка", titlePage: "Титульный лист", contents: "Содержание", volume: "Том {n} из {m}"),
        "es": Words(diary: "Diario", photoUnavailable: "Foto no disponible", photo: "Foto", cover: "Cubierta", titlePage: "Portada", contents: "Índice", volume: "Volumen {n} de {m}"),
        "de": Words(diary: "Tagebuch", photoUnavailable: "Foto nicht verfügbar", photo: "Foto", cover: "Umschlag", titlePage: "Titelseite", contents: "Inhalt", volume: "Band {n} von {m}"),
        "fr": Words(diary: "Journal", photoUnavailable: "Photo indisponible", photo: "Photo", cover: "Couverture", titlePage: "Page de titre", contents: "Table des matières", volume: "Tome {n} sur {m}"),
        "it": Words(diary: "Diario", photoUnavailable: "Foto non disponibile", photo: "Foto", cover: "Copertina", titlePage: "Frontespizio", contents: "Indice", volume: "Volume {n} di {m}"),
        "pt": Words(diary: "Diário", photoUnavailable: "Foto indisponível", photo: "Foto", cover: "Capa", titlePage: "Folha de rosto", contents: "Sumário", volume: "Volume {n} de {m}"),
        "nl": Words(diary: "Dagboek", photoUnavailable: "Foto niet beschikbaar", photo: "Foto", cover: "Omslag", titlePage: "Titelpagina", contents: "Inhoud", volume: "Deel {n} van {m}"),
        "pl": Words(diary: "Dziennik", photoUnavailable: "Zdjęcie niedostępne", photo: "Zdjęcie", cover: "Okładka", titlePage: "Strona tytułowa", contents: "Spis treści", volume: "Tom {n} z {m}"),
        "uk": Words(diary: "Щоденник", photoUnavailable: "Фото недоступне", photo: "Фото", cover: "Обкладинка", titlePage: "Титульна сторінка", contents: "Зміст", volume: "Том {n} з {m}"),
        "el": Words(diary: "Ημερολόγιο", photoUnavailable: "Η φωτογραφία δεν είναι διαθέσιμη", photo: "Φωτογραφία", cover: "Εξώφυλλο", titlePage: "Σελίδα τίτλου", contents: "Περιεχόμενα", volume: "Τόμος {n} από {m}"),
        "tr": Words(diary: "Günlük", photoUnavailable: "Fotoğraf kullanılamıyor", photo: "Fotoğraf", cover: "Kapak", titlePage: "Başlık sayfası", contents: "İçindekiler", volume: "Cilt {n} / {m}"),
        "vi": Words(diary: "Nhật ký", photoUnavailable: "Không có ảnh", photo: "Ảnh", cover: "Bìa", titlePage: "Trang tên sách", contents: "Mục lục", volume: "Tập {n} / {m}"),
        "ja": Words(diary: "日記", photoUnavailable: "写真を表示できません", photo: "写真", cover: "表紙", titlePage: "扉", contents: "目次", volume: "第{n}巻（全{m}巻）"),
        "zh": Words(diary: "日记", photoUnavailable: "照片无法显示", photo: "照片", cover: "封面", titlePage: "扉页", contents: "目录", volume: "第{n}卷（共{m}卷）"),
        "zh-Hant": Words(diary: "日記", photoUnavailable: "照片無法顯示", photo: "照片", cover: "封面", titlePage: "扉頁", contents: "目錄", volume: "第{n}卷（共{m}卷）"),
        "ko": Words(diary: "일기", photoUnavailable: "사진을 표시할 수 없음", photo: "사진", cover: "표지", titlePage: "속표지", contents: "차례", volume: "제{n}권 (전 {m}권)"),
        "ar": Words(diary: "يوميات", photoUnavailable: "الصورة غير متاحة", photo: "صورة", cover: "الغلاف", titlePage: "صفحة العنوان", contents: "المحتويات", volume: "المجلد {n} من {m}"),
        "he": Words(diary: "יומן", photoUnavailable: "התמונה אינה זמינה", photo: "תמונה", cover: "כריכה", titlePage: "שער", contents: "תוכן העניינים", volume: "כרך {n} מתוך {m}"),
        "hi": Words(diary: "डायरी", photoUnavailable: "फ़ोटो उपलब्ध नहीं", photo: "फ़ोटो", cover: "आवरण", titlePage: "मुखपृष्ठ", contents: "विषय-सूची", volume: "खंड {n} / {m}"),
        "th": Words(diary: "บันทึก", photoUnavailable: "ไม่มีรูปภาพ", photo: "รูปภาพ", cover: "ปก", titlePage: "หน้าชื่อเรื่อง", contents: "สารบัญ", volume: "เล่ม {n} จาก {m}"),
    ]
}
