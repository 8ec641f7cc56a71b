import Foundation

/// The PDF/X standards a product may declare (`"pdfx"`), and what each demands of a file.
public enum PDFXStandard: String, Sendable, CaseIterable {
    case x4 = "X-4"
    case x1a2001 = "X-1a:2001"
    case x3_2002 = "X-3:2002"

    /// `GTS_PDFXVersion`, in Info and the XMP. X-1a:2001 is a conformance level of the part
    /// whose version is PDF/X-1:2001, so its version key names the part, not the level.
    public var version: String {
        switch self {
        case .x4: "PDF/X-4"
        case .x1a2001: "PDF/X-1:2001"
        case .x3_2002: "PDF/X-3:2002"
        }
    }

    /// `GTS_PDFXConformance`: the level within the part, which only X-1a:2001 has.
    public var conformance: String? { self == .x1a2001 ? "PDF/X-1a:2001" : nil }

    /// The header each standard is written with: X-1a:2001 and X-3:2002 are PDF 1.3 files,
    /// X-4 is PDF 1.6.
    public var headerVersion: String { self == .x4 ? "1.6" : "1.3" }

    /// Only X-4 allows transparency (soft masks, constant alpha, blend modes, groups).
    public var allowsTransparency: Bool { self == .x4 }

    /// X-1a allows only device colour (CMYK, gray, spot): no ICC-based or CIE colour.
    public var allowsICCColour: Bool { self != .x1a2001 }

    /// X-1a and X-3 print on a CMYK press; X-4 may also characterise an RGB or gray condition.
    public var needsCMYKIntent: Bool { self != .x4 }
}

/// The XMP packet a PDF/X file carries in its catalog, consistent with its Info dictionary.
public enum PDFXMetadata {
    /// `date` is the PDF date (`D:YYYYMMDDHHmmSSZ`) of both CreationDate and ModDate;
    /// `documentID` a `uuid:` URN, the same for the same drawing.
    public static func packet(title: String, date: String, standard: PDFXStandard, documentID: String) -> Data {
        let iso = isoDate(fromPDFDate: date) ?? "1970-01-01T00:00:00Z"
        // X-4 is identified in the NPES namespace; the 2001 and 2002 parts, which predate XMP in
        // PDF, are repeated in Adobe's pdfx namespace as Acrobat and Ghostscript write them.
        let pdfx = standard == .x4
            ? "<pdfxid:GTS_PDFXVersion>\(standard.version)</pdfxid:GTS_PDFXVersion>"
            : "<pdfx:GTS_PDFXVersion>\(standard.version)</pdfx:GTS_PDFXVersion>"
                + (standard.conformance.map { "<pdfx:GTS_PDFXConformance>\($0)</pdfx:GTS_PDFXConformance>" } ?? "")
        let xml = """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/">
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" \
            xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:pdfx="http://ns.adobe.com/pdfx/1.3/" xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/" \
            xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/">
            <dc:title><rdf:Alt><rdf:li xml:lang="x-default">\(XMLEscape.escape(title))</rdf:li></rdf:Alt></dc:title>
            <xmp:CreateDate>\(iso)</xmp:CreateDate>
            <xmp:ModifyDate>\(iso)</xmp:ModifyDate>
            <xmp:MetadataDate>\(iso)</xmp:MetadataDate>
            <xmp:CreatorTool>Folio</xmp:CreatorTool>
            <pdf:Trapped>False</pdf:Trapped>
            <xmpMM:DocumentID>\(documentID)</xmpMM:DocumentID>
            <xmpMM:VersionID>1</xmpMM:VersionID>
            <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
            \(pdfx)
            </rdf:Description>
            </rdf:RDF>
            </x:xmpmeta>
            <?xpacket end="w"?>
            """
        return Data(xml.utf8)
    }

    /// `D:20251231200000Z` → `2025-12-31T20:00:00Z`.
    public static func isoDate(fromPDFDate date: String) -> String? {
        let digits = Array(date.dropFirst(2).prefix(14))
        guard date.hasPrefix("D:"), digits.count == 14, digits.allSatisfy(\.isNumber) else { return nil }
        let text = String(digits)
        func part(_ from: Int, _ length: Int) -> String {
            String(text[text.index(text.startIndex, offsetBy: from)..<text.index(text.startIndex, offsetBy: from + length)])
        }
        return "\(part(0, 4))-\(part(4, 2))-\(part(6, 2))T\(part(8, 2)):\(part(10, 2)):\(part(12, 2))Z"
    }
}
