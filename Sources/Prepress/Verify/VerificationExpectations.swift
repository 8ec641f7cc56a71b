/// What a verifier checks the file against, beyond its own format.
public struct VerificationExpectations: Sendable {
    public var sheet: SheetGeometry?
    public var pageRules: Product.PageRules?
    /// Colour components the output intent allows for images (3 for sRGB, 4 for CMYK).
    public var outputComponents: Int?
    /// Pages the report says the file has.
    public var pages: Int?
    /// Text, ids and file names of archived entries: none may appear anywhere.
    public var archived: ArchivedText
    /// Told how much text the archived-text search read (tests prove its cost with it).
    public var scanCounter: ScanCounter?
    /// The PDF/X standard the file must follow, every rule of it.
    public var pdfx: PDFXStandard?
    /// The press's total ink limit in percent, and whether exceeding it is an error.
    public var maximumInkPercent: Double?
    public var inkLimitIsError = false
    /// Every included entry's words, which must all be in the output's text (`text-missing`).
    public var expectedText: ExpectedText?
    /// Told how long the completeness check took (the pages' text extraction included when
    /// no archived phrase needs it too).
    public var completenessClock: CheckClock?
    /// Told how long reading the PDF's page text took, whichever check needed it.
    public var pageTextClock: CheckClock?

    /// What a product asks of its files beyond boxes and pages: PDF/X and the ink limit.
    public mutating func apply(_ product: Product) {
        pdfx = product.pdfx
        maximumInkPercent = product.maximumInkPercent
        inkLimitIsError = product.inkLimitIsError
    }

    public init(sheet: SheetGeometry? = nil, pageRules: Product.PageRules? = nil, outputComponents: Int? = nil,
                pages: Int? = nil, forbidden: [String] = [], scanCounter: ScanCounter? = nil) {
        self.init(sheet: sheet, pageRules: pageRules, outputComponents: outputComponents, pages: pages,
                  archived: ArchivedText(forbidden), scanCounter: scanCounter)
    }

    /// With the phrases already prepared: one search structure serves every output of a job.
    public init(sheet: SheetGeometry? = nil, pageRules: Product.PageRules? = nil, outputComponents: Int? = nil,
                pages: Int? = nil, archived: ArchivedText, scanCounter: ScanCounter? = nil) {
        self.sheet = sheet
        self.pageRules = pageRules
        self.outputComponents = outputComponents
        self.pages = pages
        self.archived = archived
        self.scanCounter = scanCounter
    }
}
