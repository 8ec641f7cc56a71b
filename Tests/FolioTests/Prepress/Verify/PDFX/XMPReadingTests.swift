import Foundation
import Testing
@testable import Prepress

/// The XMP packet and its dates as a preflight reads them: by namespace, in every spelling RDF
/// allows, and without trapping on bytes from elsewhere (`folio verify` reads any file).
@Suite struct XMPReadingTests {
    static let npes = "http://www.npes.org/pdfx/ns/id/"

    @Test func aPropertyIsReadByNamespaceInEitherSpelling() {
        let element = XMPProperties(Array(PDFXMetadata.packet(title: "Anna & \"Year\"", date: "D:20251231200000Z", standard: .x4,
                                                               documentID: "uuid:1").prefix(100_000)))
        #expect(element.error == nil)
        #expect(element[Self.npes, "GTS_PDFXVersion"] == "PDF/X-4")
        #expect(element["http://purl.org/dc/elements/1.1/", "title"] == "Anna & \"Year\"")
        #expect(element["http://ns.adobe.com/xap/1.0/mm/", "DocumentID"] == "uuid:1")
        let attribute = XMPProperties(Array("""
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:g="\(Self.npes)" g:GTS_PDFXVersion="PDF/X-4"/>
            <rdf:Description rdf:about="" xmlns:q="http://ns.adobe.com/pdfx/1.3/"><q:GTS_PDFXVersion>PDF/X-1:2001</q:GTS_PDFXVersion></rdf:Description>
            </rdf:RDF></x:xmpmeta>
            """.utf8))
        #expect(attribute.error == nil)
        #expect(attribute[Self.npes, "GTS_PDFXVersion"] == "PDF/X-4")
        #expect(attribute["http://ns.adobe.com/pdfx/1.3/", "GTS_PDFXVersion"] == "PDF/X-1:2001")
        // The prefix alone is nothing: the same local name in another namespace is another key.
        let wrong = XMPProperties(Array("""
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:pdfxid="http://example.com/">\
            <pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion></rdf:Description></rdf:RDF>
            """.utf8))
        #expect(wrong[Self.npes, "GTS_PDFXVersion"] == nil)
    }

    @Test func datesAreComparedAsInstants() {
        let info = MetadataDate.instant(pdf: "D:20251231200000Z")
        #expect(info != nil)
        #expect(MetadataDate.instant(pdf: "D:20251231210000+01'00'") == info)
        #expect(MetadataDate.instant(pdf: "D:20251231210000+01'00") == info)
        #expect(MetadataDate.instant(xmp: "2025-12-31T20:00:00Z") == info)
        #expect(MetadataDate.instant(xmp: "2025-12-31T21:00:00.25+01:00") == info)
        #expect(MetadataDate.instant(xmp: "2025-12-31T15:00-05:00") == info)
        #expect(MetadataDate.instant(xmp: "2025-12-31T20:00:01Z") != info)
        #expect(MetadataDate.instant(pdf: "D:2025") == MetadataDate.instant(xmp: "2025"))
        // PDF 1.3 allows a date without its `D:`.
        #expect(MetadataDate.instant(pdf: "20251231200000Z") == info)
        for nonsense in ["", "D:", "D:20251331", "2025-13-01", "T", "D:2025123125", "２０２５", "D:20251231200000X",
                         "2025-12-31T20:00:00Zjunk", "20251231"] {
            #expect(MetadataDate.instant(pdf: nonsense) == nil || MetadataDate.instant(xmp: nonsense) == nil, "\(nonsense)")
        }
        #expect(MetadataDate.instant(xmp: "2025-12-31T20:00:00Zjunk") == nil && MetadataDate.instant(pdf: "D:20251231200000X") == nil)
    }

    /// Truncated, flipped and spliced packets, and random date texts: every one is read or
    /// refused as not well-formed, none traps (FoundationXML did, on a name not in UTF-8).
    @Test func damagedPacketsAreReadOrRefusedNeverTrapped() {
        var random = FuzzRandom(seed: 38)
        let seeds = [Array(PDFXMetadata.packet(title: "Anna's Year", date: "D:20251231200000Z", standard: .x1a2001, documentID: "uuid:2")),
                     Array(PDFXMetadata.packet(title: "Год", date: "D:20250101000000Z", standard: .x4, documentID: "uuid:3"))]
        let splices: [[UInt8]] = ["<", ">", "&", "&#x0;", "\"", "xmlns:pdfxid=\"\"", "<rdf:li>", "</rdf:Description>", "\u{0}", "\u{FEFF}"]
            .map { Array($0.utf8) }
        var refused = 0, read = 0
        for _ in 0..<2_000 {
            var bytes = random.pick(seeds)
            for _ in 0..<(1 + random.next(4)) {
                switch random.next(3) {
                case 0: bytes = Array(bytes.prefix(random.next(bytes.count + 1)))
                case 1 where !bytes.isEmpty: bytes[random.next(bytes.count)] = UInt8(truncatingIfNeeded: random.next(256))
                default: bytes.insert(contentsOf: random.pick(splices), at: random.next(bytes.count + 1))
                }
            }
            let packet = XMPProperties(bytes)
            if packet.error == nil { read += 1 } else { refused += 1 }
            // The EPUB verifier's XML reader shares FoundationXML's trap on names not in UTF-8.
            _ = XMLScan(bytes)
            let text = String(decoding: bytes.prefix(40), as: UTF8.self)
            _ = MetadataDate.instant(pdf: "D:" + text)
            _ = MetadataDate.instant(xmp: text)
        }
        #expect(read + refused == 2_000 && refused > 0)
    }
}
