/// A printed product: trim, bleed, binding, paper and page rules, from `config/products/ID.json`.
public struct Product: Sendable, Equatable {
    public enum Binding: String, Sendable, CaseIterable {
        case perfect
        case saddleStitch = "saddle-stitch"
    }

    public struct PageRules: Sendable, Equatable {
        public var minimum: Int
        public var maximum: Int
        public var multiple: Int

        public init(minimum: Int, maximum: Int, multiple: Int) {
            self.minimum = minimum
            self.maximum = maximum
            self.multiple = multiple
        }

        /// The final page count: at least `minimum`, rounded up to `multiple`, padded with
        /// blank pages at the end. Nil when the content alone exceeds `maximum`.
        public func paddedCount(for pages: Int) -> Int? {
            let atLeast = max(pages, minimum)
            let rounded = (atLeast + multiple - 1) / multiple * multiple
            return rounded <= maximum ? rounded : nil
        }
    }

    public var id: String
    public var name: String
    public var trimWidthMM: Double
    public var trimHeightMM: Double
    public var bleedMM: Double
    public var safetyMM: Double
    public var binding: Binding
    public var paperCaliperMM: Double
    public var spineAllowanceMM: Double
    public var spineTextMinimumMM: Double
    public var pageRules: PageRules
    /// `sRGB`, or a path to an ICC profile relative to the config folder.
    public var outputProfile: String
    /// That profile, read once when the product is loaded.
    public var outputColour: ICCProfile.Output
    public var minimumImagePPI: Double
    public var jpegQuality: Int
    public var renderingIntent: ColourConverter.Intent = .perceptual
    public var blackPointCompensation = true
    /// Photos with more pixels than this are refused before decoding (decompression bombs).
    public var maximumImagePixels = 100_000_000
    /// Interior edges that carry bleed; all four unless the product says otherwise.
    public var bleedEdges = Set(SheetGeometry.Edge.allCases)
    public var cropMarks = false
    /// `margin_kerning`: punctuation at justified lines' ends hangs into the margin.
    public var marginKerning = true
    /// `glyph_expansion`: how far, in percent (0 to 2, in half-percent steps), justified lines
    /// may widen or narrow their glyphs so their spaces vary less; 0 is off. 1 by default: it
    /// is what sets the bench's Russian year as evenly as Typst with fewer hyphens.
    public var glyphExpansionPercent = 1.0
    /// The PDF/X standard its files claim and are verified against (`"pdfx"`), if any.
    public var pdfx: PDFXStandard?
    /// `max_ink_percent`: the press's total area coverage; photos are held below it and the
    /// verifier reports any colour above it (`ink-limit-exceeded`).
    public var maximumInkPercent: Double?
    /// `cover_max_ink_percent`: the cover's limit where the service allows the cover more
    /// (or less) than the interior; nil: the same as the interior's.
    public var coverMaximumInkPercent: Double?
    /// `ink_limit_severity`: whether exceeding it fails the job (`error`) or warns.
    public var inkLimitIsError = false

    /// The cover's limit.
    public var coverInkLimitPercent: Double? { coverMaximumInkPercent ?? maximumInkPercent }

    /// What photos are held to: one prepared photo serves the interior and a photo cover, so
    /// the stricter of the two.
    public var photoInkLimitPercent: Double? {
        [maximumInkPercent, coverMaximumInkPercent].compactMap { $0 }.min()
    }
    /// Where the printer puts its barcode on the back cover, which the cover art leaves plain.
    public var barcodeZone: BarcodeZone?

    /// A rectangle at the bottom of the back cover, beside the spine, in points.
    public struct BarcodeZone: Sendable, Equatable {
        public var width: Double
        public var height: Double
        /// From the spine edge of the back cover's trim, and from its bottom trim.
        public var fromSpine: Double
        public var fromBottom: Double

        public init(width: Double, height: Double, fromSpine: Double, fromBottom: Double) {
            self.width = width
            self.height = height
            self.fromSpine = fromSpine
            self.fromBottom = fromBottom
        }
    }
    /// Typeface families by role (`serif`, `sans`, `mono`), overriding the registry's defaults.
    public var typefaces: [String: String] = [:]

    public init(id: String, name: String, trimWidthMM: Double, trimHeightMM: Double, bleedMM: Double,
                safetyMM: Double, binding: Binding, paperCaliperMM: Double, spineAllowanceMM: Double,
                spineTextMinimumMM: Double, pageRules: PageRules, outputProfile: String,
                outputColour: ICCProfile.Output, minimumImagePPI: Double, jpegQuality: Int) {
        self.id = id
        self.name = name
        self.trimWidthMM = trimWidthMM
        self.trimHeightMM = trimHeightMM
        self.bleedMM = bleedMM
        self.safetyMM = safetyMM
        self.binding = binding
        self.paperCaliperMM = paperCaliperMM
        self.spineAllowanceMM = spineAllowanceMM
        self.spineTextMinimumMM = spineTextMinimumMM
        self.pageRules = pageRules
        self.outputProfile = outputProfile
        self.outputColour = outputColour
        self.minimumImagePPI = minimumImagePPI
        self.jpegQuality = jpegQuality
    }

    /// True when photos and drawing are converted to a CMYK print profile.
    public var printsCMYK: Bool { outputColour.isCMYK }

    /// The interior pages as sheets: bleed edges and crop marks applied.
    public var interiorSheet: SheetGeometry {
        SheetGeometry(trimWidth: geometry.trimWidth, trimHeight: geometry.trimHeight, bleed: geometry.bleed,
                      bleedEdges: bleedEdges, cropMarks: cropMarks)
    }

    /// Spine width in points: page count × paper caliper plus the allowance. A saddle-stitched
    /// book is folded, not glued: it has no flat spine.
    public func spineWidth(pages: Int) -> Double {
        guard binding == .perfect else { return 0 }
        return Points.fromMillimetres(Double(pages) * paperCaliperMM + spineAllowanceMM)
    }

    /// The cover spread as a sheet: bleed all round, crop marks as the product asks.
    public func coverSheet(pages: Int) -> SheetGeometry {
        SheetGeometry(trimWidth: 2 * geometry.trimWidth + spineWidth(pages: pages), trimHeight: geometry.trimHeight,
                      bleed: geometry.bleed, cropMarks: cropMarks)
    }

    public var geometry: PageGeometry {
        PageGeometry(trimWidth: Points.fromMillimetres(trimWidthMM),
                     trimHeight: Points.fromMillimetres(trimHeightMM),
                     bleed: Points.fromMillimetres(bleedMM), safety: Points.fromMillimetres(safetyMM))
    }
}
