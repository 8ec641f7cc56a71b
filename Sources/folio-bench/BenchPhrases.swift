import Document
import Jobs

/// The sentences and titles the bench's diaries are written from: the demo's English and Russian
/// phrase banks, and for the multilingual year's other scripts the first article of the
/// Universal Declaration of Human Rights in the United Nations' translation, cut into its
/// sentences (the same texts `LanguagesTests` prints). A diary in those is repetitive, but its
/// lines cost what their script costs to shape, break and draw, which is what it measures.
enum BenchPhrases {
    static let multilingual: [BookLanguage] = ["en", "ru", "ja", "zh", "ko", "ar", "he", "hi", "th", "el"].compactMap { BookLanguage(tag: $0) }

    private static let articles: [String: (title: String, sentences: [String])] = [
        "ja": ("第一条", ["すべての人間は、生まれながらにして自由であり、かつ、尊厳と権利とについて平等である。",
                        "人間は、理性と良心とを授けられており、互いに同胞の精神をもって行動しなければならない。"]),
        "zh": ("第一条", ["人人生而自由，在尊严和权利上一律平等。", "他们赋有理性和良心，并应以兄弟关系的精神相对待。"]),
        "ko": ("제1조", ["모든 인간은 태어날 때부터 자유로우며 그 존엄과 권리에 있어 동등하다.",
                       "인간은 천부적으로 이성과 양심을 부여받았으며 서로 형제애의 정신으로 행동하여야 한다."]),
        "ar": ("المادة 1", ["يولد جميع الناس أحرارًا متساوين في الكرامة والحقوق.",
                           "وقد وهبوا عقلاً وضميرًا وعليهم أن يعامل بعضهم بعضًا بروح الإخاء."]),
        "he": ("סעיף 1", ["כל בני אדם נולדו בני חורין ושווים בערכם ובזכויותיהם.",
                         "כולם חוננו בתבונה ובמצפון, לפיכך חובה עליהם לנהוג איש ברעהו ברוח של אחוה."]),
        "hi": ("अनुच्छेद 1", ["सभी मनुष्यों को गौरव और अधिकारों के मामले में जन्मजात स्वतन्त्रता और समानता प्राप्त है।",
                             "उन्हें बुद्धि और अन्तरात्मा की देन प्राप्त है और परस्पर उन्हें भाईचारे के भाव से बर्ताव करना चाहिए।"]),
        "th": ("ข้อ 1", ["มนุษย์ทั้งหลายเกิดมามีอิสระและเสมอภาคกันในเกียรติศักดิ์และสิทธิ",
                       "ต่างมีเหตุผลและมโนธรรม และควรปฏิบัติต่อกันด้วยเจตนารมณ์แห่งภราดรภาพ"]),
        "el": ("Άρθρο 1", ["Όλοι οι άνθρωποι γεννιούνται ελεύθεροι και ίσοι στην αξιοπρέπεια και τα δικαιώματα.",
                          "Είναι προικισμένοι με λογική και συνείδηση, και οφείλουν να συμπεριφέρονται μεταξύ τους με πνεύμα αδελφοσύνης."]),
    ]

    static func sentences(_ language: BookLanguage) -> [String] {
        articles[language.rawValue]?.sentences ?? DemoPhrases.sentences(language)
    }

    static func titles(_ language: BookLanguage) -> [String] {
        articles[language.rawValue].map { [$0.title] } ?? DemoPhrases.titles(language)
    }
}
