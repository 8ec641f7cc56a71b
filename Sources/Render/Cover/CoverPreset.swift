import Document
import Foundation

/// The seven cover designs an order can ask for.
public enum CoverPreset: String, Sendable, CaseIterable {
    case sunset, dawn, night, forest, sea, paper, photo

    /// Colours as RGB in 0…1.
    typealias Colour = (r: Double, g: Double, b: Double)

    /// Top and bottom of the background gradient.
    var sky: (top: Colour, bottom: Colour) {
        switch self {
        case .sunset: ((0.20, 0.09, 0.30), (0.98, 0.55, 0.25))
        case .dawn: ((0.62, 0.76, 0.93), (0.99, 0.84, 0.76))
        case .night: ((0.02, 0.04, 0.14), (0.09, 0.14, 0.32))
        case .forest: ((0.10, 0.22, 0.17), (0.22, 0.36, 0.25))
        case .sea: ((0.55, 0.78, 0.90), (0.05, 0.28, 0.48))
        case .paper: ((0.97, 0.95, 0.90), (0.95, 0.93, 0.87))
        case .photo: ((0.10, 0.10, 0.10), (0.10, 0.10, 0.10))
        }
    }

    /// The colour of the title block.
    var ink: Colour {
        switch self {
        case .dawn: (0.18, 0.16, 0.26)
        case .paper: (0.10, 0.10, 0.10)
        default: (0.99, 0.97, 0.92)
        }
    }

    /// The spine's flat colour.
    var spine: Colour {
        switch self {
        case .sunset: (0.35, 0.14, 0.30)
        case .dawn: (0.80, 0.78, 0.86)
        case .night: (0.04, 0.06, 0.18)
        case .forest: (0.12, 0.25, 0.18)
        case .sea: (0.06, 0.30, 0.50)
        case .paper: (0.90, 0.88, 0.82)
        case .photo: (0.12, 0.12, 0.12)
        }
    }
}

/// Everything a cover shows, independent of where it is drawn.
public struct CoverContent: Sendable {
    public var preset: CoverPreset
    public var title: String
    public var subtitle: String?
    public var author: String
    public var language: BookLanguage
    /// The `photo` preset's picture, confined inside the export.
    public var photo: URL?
    /// Seeds the night sky, so the same order gives the same stars.
    public var seed: UInt64
    /// A volume of a set (issue 37): its place ("Volume 2 of 4") and its dates, under the
    /// author on the title page and the front, and on the spine.
    public var volume: Volume?

    public struct Volume: Sendable, Equatable {
        public var label: String
        public var dates: String

        public init(label: String, dates: String) {
            self.label = label
            self.dates = dates
        }
    }

    public init(preset: CoverPreset, title: String, subtitle: String?, author: String, language: BookLanguage,
                photo: URL?, seed: UInt64) {
        self.preset = preset
        self.title = title
        self.subtitle = subtitle
        self.author = author
        self.language = language
        self.photo = photo
        self.seed = seed
    }

    /// FNV-1a of a string: a stable seed from the order (never the clock).
    public static func seed(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}
