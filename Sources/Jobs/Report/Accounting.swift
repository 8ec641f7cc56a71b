import Import
import Diagnostics

/// Where everything the export holds went: each entry, word, block and photo is printed,
/// archived, out of the order's scope, or not printed (and then a finding names the entry and
/// why). Words are counted as the export's reader sees them (`ReaderText`), blocks as cmark-gfm
/// reads the source (a query block an importer prints as code is still a block, and said); the
/// parts add up to the source's count.
public struct Accounting: Codable, Sendable, Equatable {
    public struct Tally: Codable, Sendable, Equatable {
        public var entries = 0
        public var words = 0
        public var blocks = 0
        public var photos = 0

        static func + (a: Tally, b: Tally) -> Tally {
            Tally(entries: a.entries + b.entries, words: a.words + b.words, blocks: a.blocks + b.blocks, photos: a.photos + b.photos)
        }
    }

    /// What was not printed and why: one line per entry and reason.
    public struct Omission: Codable, Sendable, Equatable {
        public var entry: String?
        public var code: String
        public var message: String
    }

    public var source = Tally()
    public var printed = Tally()
    public var archived = Tally()
    public var outOfScope = Tally()
    public var notPrinted = Tally()
    /// Videos, audio, PDFs and the like: counted, never printed.
    public var attachments = 0
    public var omissions: [Omission] = []

    enum CodingKeys: String, CodingKey {
        case source, printed, archived, attachments, omissions
        case outOfScope = "out_of_scope"
        case notPrinted = "not_printed"
    }

    public init() {}

    /// The importers' findings that say something of the export was not printed.
    static let omissionCodes: [DiagnosticCode] = [.importPhotoMissing, .importAttachmentNotPrinted, .importEmbedNotPrinted,
                                                  .importLogseqNotPrinted, .importNotesSkipped, .importTooManyFiles]

    /// `measure`: an entry's words as its reader sees them, and its source's blocks.
    init(printed: [Journal.Entry], archived: [Journal.Entry], empty: [Journal.Entry], outOfScope: [Journal.Entry],
         measure: (Journal.Entry) -> (words: Int, blocks: Int)) {
        func tally(_ entries: [Journal.Entry]) -> Tally {
            entries.reduce(Tally()) {
                let measured = measure($1)
                return $0 + Tally(entries: 1, words: measured.words, blocks: measured.blocks, photos: $1.photos.count)
            }
        }
        self.printed = tally(printed)
        self.archived = tally(archived)
        self.outOfScope = tally(outOfScope)
        notPrinted = tally(empty)
        omissions = empty.map { Omission(entry: $0.id, code: DiagnosticCode.entryEmpty.name, message: "the entry has no title, no text and no photo") }
        source = self.printed + self.archived + self.outOfScope + notPrinted
    }

    /// Adds what the importer could not bring into the book: photos the export names but does
    /// not hold (printed entries keep their place with a placeholder, so they move from printed
    /// to not printed) and attachments, which a book cannot print.
    mutating func add(missingPhotos: Int, attachments: Int, omissions: [Omission]) {
        printed.photos -= missingPhotos
        notPrinted.photos += missingPhotos
        self.attachments += attachments
        self.omissions += omissions
    }

    /// Adds notes that are not diary entries (no date): in the source, not printed.
    mutating func add(skipped: [(name: String, words: Int, blocks: Int)]) {
        let tally = Tally(entries: skipped.count, words: skipped.reduce(0) { $0 + $1.words }, blocks: skipped.reduce(0) { $0 + $1.blocks },
                          photos: 0)
        source = source + tally
        notPrinted = notPrinted + tally
    }

    /// Whether every part is accounted for.
    public var addsUp: Bool {
        printed + archived + outOfScope + notPrinted == source
    }
}
