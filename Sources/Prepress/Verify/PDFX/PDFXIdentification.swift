/// What identifies a file as conforming to each PDF/X part, as the parts of ISO 15930 write it.
/// These are the verifier's expectations, written from the standards and never read from the
/// writer's `PDFXStandard`, so that a wrong key in the writer cannot be vouched for by the
/// table it was written from (X-1a:2001's version key once was).
///
/// Clauses: ISO 15930-7:2010's are from its published table of contents; the 2001 and 2002
/// parts' clause numbers could not be read here, so their rules cite the part alone
/// (docs/reference.md, "PDF/X identification", says what each rests on).
struct PDFXIdentification: Sendable {
    /// A key of the document information dictionary, or a property of the XMP packet.
    struct Key: Sendable {
        /// Info's key (`/GTS_PDFXVersion`), or the XMP property's local name.
        var name: String
        /// The XMP property's namespace URI; nil for an Info key.
        var namespace: String?
        /// The exact value; nil where any value will do (an id).
        var value: String?
        /// Absent, the file does not conform; otherwise it need only be consistent.
        var required: Bool
        var clause: String
    }

    /// The part, as a preflight report names it.
    var part: String
    /// The highest header version (`1.3`) the part is made of.
    var maximumHeaderVersion: (major: Int, minor: Int)
    var headerClause: String
    var info: [Key]
    /// Whether the part requires an XMP packet at all: the 2001 and 2002 parts are PDF 1.3,
    /// which has none, so for them the packet need only agree with Info.
    var xmpRequired: Bool
    var xmp: [Key]
    /// Info's `/Trapped` must be `/True` or `/False` (and the XMP's `pdf:Trapped` the same).
    var trappedClause: String
    /// Info's `/Title`, `/CreationDate`, `/ModDate`, and the XMP's copies of them.
    var infoClause: String

    static let npesID = "http://www.npes.org/pdfx/ns/id/"
    static let adobePDFX = "http://ns.adobe.com/pdfx/1.3/"
    static let adobePDF = "http://ns.adobe.com/pdf/1.3/"
    static let xmpMM = "http://ns.adobe.com/xap/1.0/mm/"
    static let xmpBasic = "http://ns.adobe.com/xap/1.0/"
    static let dublinCore = "http://purl.org/dc/elements/1.1/"

    static func of(_ standard: PDFXStandard) -> PDFXIdentification {
        switch standard {
        case .x1a2001: x1a2001
        case .x3_2002: x3_2002
        case .x4: x4
        }
    }

    /// ISO 15930-1:2001. PDF/X-1a is a conformance level of the part whose version is
    /// PDF/X-1:2001: the version key names the part, the conformance key the level.
    static let x1a2001 = PDFXIdentification(
        part: "ISO 15930-1:2001 (PDF/X-1a:2001)", maximumHeaderVersion: (1, 3), headerClause: "ISO 15930-1:2001, PDF 1.3",
        info: [Key(name: "/GTS_PDFXVersion", value: "PDF/X-1:2001", required: true, clause: "ISO 15930-1:2001, identification"),
               Key(name: "/GTS_PDFXConformance", value: "PDF/X-1a:2001", required: true, clause: "ISO 15930-1:2001, identification")],
        xmpRequired: false,
        xmp: [Key(name: "GTS_PDFXVersion", namespace: adobePDFX, value: "PDF/X-1:2001", required: false,
                  clause: "ISO 15930-1:2001, identification (as Info)"),
              Key(name: "GTS_PDFXConformance", namespace: adobePDFX, value: "PDF/X-1a:2001", required: false,
                  clause: "ISO 15930-1:2001, identification (as Info)")],
        trappedClause: "ISO 15930-1:2001, trapping", infoClause: "ISO 15930-1:2001, document information")

    /// ISO 15930-3:2002: one version key, no conformance levels.
    static let x3_2002 = PDFXIdentification(
        part: "ISO 15930-3:2002 (PDF/X-3:2002)", maximumHeaderVersion: (1, 3), headerClause: "ISO 15930-3:2002, PDF 1.3",
        info: [Key(name: "/GTS_PDFXVersion", value: "PDF/X-3:2002", required: true, clause: "ISO 15930-3:2002, identification")],
        xmpRequired: false,
        xmp: [Key(name: "GTS_PDFXVersion", namespace: adobePDFX, value: "PDF/X-3:2002", required: false,
                  clause: "ISO 15930-3:2002, identification (as Info)")],
        trappedClause: "ISO 15930-3:2002, trapping", infoClause: "ISO 15930-3:2002, document information")

    /// ISO 15930-7:2010: identified in the XMP, in the NPES namespace; Info's version key is
    /// optional, and where written it says the same.
    static let x4 = PDFXIdentification(
        part: "ISO 15930-7:2010 (PDF/X-4)", maximumHeaderVersion: (1, 6), headerClause: "ISO 15930-7:2010, 1 (PDF 1.6)",
        info: [Key(name: "/GTS_PDFXVersion", value: "PDF/X-4", required: false, clause: "ISO 15930-7:2010, 6.11 PDF/X-4 file identification")],
        xmpRequired: true,
        xmp: [Key(name: "GTS_PDFXVersion", namespace: npesID, value: "PDF/X-4", required: true,
                  clause: "ISO 15930-7:2010, 6.11 PDF/X-4 file identification"),
              Key(name: "DocumentID", namespace: xmpMM, value: nil, required: true,
                  clause: "ISO 15930-7:2010, 6.10 Metadata and document identification"),
              Key(name: "VersionID", namespace: xmpMM, value: nil, required: true,
                  clause: "ISO 15930-7:2010, 6.10 Metadata and document identification"),
              Key(name: "RenditionClass", namespace: xmpMM, value: nil, required: true,
                  clause: "ISO 15930-7:2010, 6.10 Metadata and document identification")],
        trappedClause: "ISO 15930-7:2010, 6.9 Trapping", infoClause: "ISO 15930-7:2010, 6.10 Metadata and document identification")
}
