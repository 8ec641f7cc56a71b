import Diagnostics
import Foundation

/// Makes Cairo's PDF print-ready with libqpdf. Cairo 1.16 writes no TrimBox, BleedBox,
/// OutputIntents or /ID, gives every page a transparency /Group, writes /CreationDate
/// without its `D:` prefix, and loses the page labels it was given (an empty /Nums); this
/// rewrites the file with all of that fixed. Folios are the physical page numbers, so the
/// labels are one decimal range from page 1.
public struct PDFFinisher {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var file: String
        public var message: String
        public var description: String { "\(file): \(message)" }
    }

    public struct OutputIntent: Sendable {
        public var profile: Data
        public var components: Int
        public var condition: String

        public init(profile: Data, components: Int, condition: String) {
            self.profile = profile
            self.components = components
            self.condition = condition
        }
    }

    /// TrimBox and BleedBox of page n (1-based): rectos and versos differ when only some
    /// edges bleed.
    public var boxes: @Sendable (Int) -> (trim: PageBox, bleed: PageBox)
    public var outputIntent: OutputIntent
    /// `D:YYYYMMDDHHmmSSZ`; also written as /ModDate so the bytes never depend on the clock.
    public var date: String
    /// The inks for Cairo's RGB drawing when the output intent is CMYK.
    public var colours: DeviceColourMap?
    /// The PDF/X standard the file claims: its header version, Info keys and XMP (`PDFXStandard`).
    public var pdfx: PDFXStandard?
    /// Info's and XMP's title when the file has none of its own (a cover).
    public var title = "Untitled"
    /// For a tagged drawing (the interior): the language and figure descriptions Cairo cannot
    /// write, and its unmarked content declared artifacts (`StructureFinishing`).
    public var structure: TaggedStructure?

    /// Bound on the right: viewers are told to show its spreads right to left.
    public var bindsOnRight = false

    public init(sheet: SheetGeometry, outputIntent: OutputIntent, date: String, colours: DeviceColourMap? = nil) {
        boxes = { sheet.boxes(page: $0) }
        bindsOnRight = sheet.bindsOnRight
        self.outputIntent = outputIntent
        self.date = date
        self.colours = colours
    }

    /// Reads `input` and writes the finished PDF to `output`; qpdf warnings count as failures,
    /// since a printer's preflight would flag them too.
    public func finish(_ input: URL, to output: URL) throws(Failure) {
        guard let document = QPDFDocument(file: input) else { throw Failure(file: input.path, message: "qpdf_init failed") }
        func check(_ step: String, _ file: URL) throws(Failure) {
            if let problem = document.newProblems().first { throw Failure(file: file.path, message: "\(step): \(problem)") }
        }
        if let problem = document.problems.first { throw Failure(file: input.path, message: "reading: \(problem)") }
        let count = document.pageCount
        guard count > 0 else { throw Failure(file: input.path, message: "the PDF has no pages") }
        for index in 0..<count {
            let page = document.page(index)
            let (trim, bleed) = boxes(index + 1)
            document.set("/TrimBox", of: page, to: document.parse(trim.pdfArray))
            document.set("/BleedBox", of: page, to: document.parse(bleed.pdfArray))
            // Cairo's per-page /Group /CS /DeviceRGB forces an RGB blending space on every page.
            document.remove("/Group", from: page)
        }
        try check("setting page boxes", input)
        var info = document.key(document.trailer, "/Info").flatMap { document.isDictionary($0) ? $0 : nil }
        if let info { stampDates(info, document) }
        if let pdfx {
            if info == nil {
                let created = document.newIndirectDictionary()
                document.set("/Info", of: document.trailer, to: created)
                stampDates(created, document)
                info = created
            }
            if let info { claim(pdfx, info: info, documentID: Self.documentID(drawing: input), document) }
        }
        document.set("/PageLabels", of: document.root, to: document.parse("<< /Nums [0 << /S /D >>] >>"))
        if let structure {
            StructureFinishing(document: document, structure: structure).run()
            try check("finishing the structure tree", input)
        }
        if bindsOnRight {
            // Viewers show its spreads right to left, as the book opens.
            if let preferences = document.key(document.root, "/ViewerPreferences"), document.isDictionary(preferences) {
                document.set("/Direction", of: preferences, to: document.newName("/R2L"))
            } else {
                document.set("/ViewerPreferences", of: document.root, to: document.parse("<< /Direction /R2L >>"))
            }
        }
        DeviceColourRewrite(document: document, colours: outputIntent.components == 4 ? colours : nil).run()
        try check("converting colours", input)
        addOutputIntent(document)
        try check("adding the output intent", input)
        // Down to 1.3 for X-1a and X-3 (qpdf then writes no object streams), up to 1.6 for X-4.
        document.write(to: output, version: pdfx?.headerVersion)
        try check("writing", output)
    }

    private func stampDates(_ info: PDFObject, _ document: QPDFDocument) {
        document.set("/CreationDate", of: info, to: document.newString(date))
        document.set("/ModDate", of: info, to: document.newString(date))
        document.set("/Trapped", of: info, to: document.newName("/False"))
    }

    /// Info's PDF/X keys and the XMP packet that repeats them, with the same title and dates.
    private func claim(_ standard: PDFXStandard, info: PDFObject, documentID: String, _ document: QPDFDocument) {
        var title = self.title
        if let existing = document.key(info, "/Title").flatMap(document.text), !existing.isEmpty {
            title = existing
        } else {
            document.set("/Title", of: info, to: document.newText(title))
        }
        document.set("/GTS_PDFXVersion", of: info, to: document.newString(standard.version))
        if let conformance = standard.conformance {
            document.set("/GTS_PDFXConformance", of: info, to: document.newString(conformance))
        }
        let metadata = document.newStream(PDFXMetadata.packet(title: title, date: date, standard: standard, documentID: documentID))
        document.set("/Type", of: metadata, to: document.newName("/Metadata"))
        document.set("/Subtype", of: metadata, to: document.newName("/XML"))
        document.set("/Metadata", of: document.root, to: metadata)
    }

    private func addOutputIntent(_ document: QPDFDocument) {
        let stream = document.newStream(outputIntent.profile)
        document.set("/N", of: stream, to: document.newInteger(outputIntent.components))
        let condition = outputIntent.condition.replacingOccurrences(of: "(", with: "")
            .replacingOccurrences(of: ")", with: "").replacingOccurrences(of: "\\", with: "")
        let intent = document.parse("<< /Type /OutputIntent /S /GTS_PDFX /OutputConditionIdentifier (\(condition)) /Info (\(condition)) >>")
        document.set("/DestOutputProfile", of: intent, to: stream)
        document.set("/OutputIntents", of: document.root, to: document.newArray([intent]))
    }

    /// The XMP's `xmpMM:DocumentID`: named by the drawing's digest, so the same drawing is the
    /// same document, and no two books share one however alike their titles and dates.
    static func documentID(drawing: URL) -> String {
        let digest = (try? SHA256.hex(ofFile: drawing).digest) ?? UUID().uuidString
        return "uuid:" + NameUUID.urn("folio-pdf:" + digest).dropFirst("urn:uuid:".count)
    }

    /// A PDF date string for an instant: `D:YYYYMMDDHHmmSSZ`.
    public static func pdfDate(_ date: Date) -> String {
        let t = CivilCalendar.utcFields(date)
        return String(format: "D:%04d%02d%02d%02d%02d%02dZ", t.year, t.month, t.day, t.hour, t.minute, t.second)
    }
}
