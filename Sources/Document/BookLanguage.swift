import Diagnostics
import Foundation
import Synchronization

/// The language a book is set in, named by a BCP 47 tag (`en`, `en-GB`, `pt-BR`, `zh-Hant`,
/// `sr-Latn-RS`): it picks hyphenation, quotation marks, month and weekday names and the form
/// of a date (CLDR's, through Foundation), the direction of the text and the EPUB's `xml:lang`.
/// Any language CLDR describes is accepted; English, Russian and Spanish keep the forms Folio
/// has always printed.
public struct BookLanguage: Sendable, Hashable, CustomStringConvertible {
    /// The tag with its subtags in their conventional case (`pt-BR`, `zh-Hant`, `es-419`).
    public let tag: String
    /// The primary language subtag, lower case (`pt`).
    public let primaryLanguage: String
    /// Month and weekday names, date patterns and quotation marks, read once from CLDR.
    let names: CalendarNames

    public static let english = BookLanguage(known: "en")
    public static let russian = BookLanguage(known: "ru")
    public static let spanish = BookLanguage(known: "es")

    /// The tag as Pango, the EPUB and the PDF's `/Lang` take it.
    public var rawValue: String { tag }
    public var description: String { tag }

    /// Accepts a well-formed BCP 47 language tag (RFC 5646: a language, then an optional script,
    /// region and variants) whose language CLDR knows; nil otherwise (`english`, `en_US`, `xx`).
    public init?(tag: String) {
        guard let (canonical, primary) = Self.parse(tag), Self.knownLanguages.contains(primary) else { return nil }
        // CLDR's names are read once a tag: intake reads an order's language for every file of
        // a hot folder of 200,000 (a DateFormatter each was a third of its time).
        if let known = Self.read.withLock({ $0[canonical] }) {
            self = known
            return
        }
        self.init(tag: canonical, primary: primary)
        let language = self
        Self.read.withLock { $0[canonical] = language }
    }

    private static let read = Mutex<[String: BookLanguage]>([:])

    private init(known tag: String) {
        self.init(tag: tag, primary: tag)
    }

    private init(tag: String, primary: String) {
        self.tag = tag
        primaryLanguage = primary
        names = CalendarNames(tag: tag)
    }

    public static func == (left: BookLanguage, right: BookLanguage) -> Bool { left.tag == right.tag }
    public func hash(into hasher: inout Hasher) { hasher.combine(tag) }

    /// `text` in capitals by this language's rules: Greek drops its accents (ΠΕΜΠΤΗ, not ΠΈΜΠΤΗ),
    /// Turkish dots its capital İ.
    public func uppercased(_ text: String) -> String { text.uppercased(with: Locale(identifier: tag)) }

    /// Whether its text runs right to left (Arabic, Hebrew, Persian, Urdu…): what CLDR says of
    /// its script.
    public var isRightToLeft: Bool { Locale.characterDirection(forLanguage: tag) == .rightToLeft }

    /// RFC 5646's `langtag` (extensions and private use left out: a diary's book needs none):
    /// the tag in conventional case, and its language subtag.
    private static func parse(_ tag: String) -> (String, String)? {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy(\.isASCIILetter) else { return nil }
        var canonical = [first.lowercased()]
        var stage = 0 // 0: script next, 1: region next, 2: variants
        for part in parts.dropFirst() {
            guard part.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
            if stage == 0, part.count == 4, part.allSatisfy(\.isASCIILetter) {
                canonical.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
                stage = 1
            } else if stage <= 1, part.count == 2 && part.allSatisfy(\.isASCIILetter) || part.count == 3 && part.allSatisfy(\.isNumber) {
                canonical.append(part.uppercased())
                stage = 2
            } else if (5...8).contains(part.count) || part.count == 4 && part.first?.isNumber == true {
                canonical.append(part.lowercased())
                stage = 2
            } else {
                return nil
            }
        }
        return (canonical.joined(separator: "-"), canonical[0])
    }

    /// The languages CLDR has data for: Foundation can name their months (ICU's root locale
    /// would answer "M01" for one it does not know). Read once.
    private static let knownLanguages = Set(Locale.availableIdentifiers.map { String($0.prefix { $0 != "_" }) })
}

private extension Character {
    var isASCIILetter: Bool { isASCII && isLetter }
}
