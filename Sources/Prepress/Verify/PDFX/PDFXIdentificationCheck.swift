import Diagnostics
import Foundation

/// Whether a file identifies itself as its PDF/X part says (`PDFXIdentification`): the header
/// (`pdfx-version`), Info's version and conformance keys (`pdfx-version`), `/Trapped`
/// (`pdfx-trapped`), title and dates (`pdfx-info`), and the XMP packet's keys and copies of
/// Info (`pdfx-xmp`), read by namespace as a preflight reads them. Each finding cites its clause.
struct PDFXIdentificationCheck {
    let document: QPDFDocument
    let rules: PDFXIdentification
    /// The file's first bytes, for its header.
    let header: Data

    func check() -> [Diagnostic] {
        headerVersion() + infoKeys() + xmp()
    }

    private var info: PDFObject? { document.key(document.trailer, "/Info") }

    private func infoText(_ key: String) -> String? { info.flatMap { document.key($0, key) }.flatMap(document.text) }

    private func headerVersion() -> [Diagnostic] {
        let line = String(decoding: header.prefix(8), as: UTF8.self)
        let limit = rules.maximumHeaderVersion
        let parts = line.dropFirst("%PDF-".count).split(separator: ".").compactMap { Int($0) }
        if line.hasPrefix("%PDF-"), parts.count == 2, (parts[0], parts[1]) <= (limit.major, limit.minor) { return [] }
        return [Diagnostic(.error, .pdfxVersion, "the header is \(line); \(rules.part) is PDF \(limit.major).\(limit.minor) at most (\(rules.headerClause))")]
    }

    private func infoKeys() -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for key in rules.info {
            let found = infoText(key.name)
            if found == nil && !key.required { continue }
            if let value = key.value, found != value {
                findings.append(Diagnostic(.error, .pdfxVersion,
                                           "Info \(key.name) is \(found.map { "\"\($0)\"" } ?? "missing"); \(rules.part) writes \"\(value)\" (\(key.clause))"))
            }
        }
        let trapped = info.flatMap { document.key($0, "/Trapped") }.flatMap(document.name)
        if trapped != "/True" && trapped != "/False" {
            findings.append(Diagnostic(.error, .pdfxTrapped, "Info /Trapped is \(trapped ?? "missing"); PDF/X needs /True or /False (\(rules.trappedClause))"))
        }
        for key in ["/Title", "/CreationDate", "/ModDate"] where (infoText(key) ?? "").isEmpty {
            findings.append(Diagnostic(.error, .pdfxInfo, "Info has no \(key) (\(rules.infoClause))"))
        }
        for key in ["/CreationDate", "/ModDate"] {
            if let date = infoText(key), !date.isEmpty, MetadataDate.instant(pdf: date) == nil {
                findings.append(Diagnostic(.error, .pdfxInfo, "Info \(key) \"\(date)\" is not a date (\(rules.infoClause))"))
            }
        }
        return findings
    }

    private func xmp() -> [Diagnostic] {
        guard let stream = document.key(document.root, "/Metadata"), document.isStream(stream),
              let bytes = document.streamData(stream) else {
            return rules.xmpRequired ? [Diagnostic(.error, .pdfxXMP, "the catalog has no XMP /Metadata stream (\(rules.infoClause))")] : []
        }
        let packet = XMPProperties(Array(bytes))
        if let error = packet.error {
            return [Diagnostic(.error, .pdfxXMP, "the XMP packet is not well-formed: \(error)")]
        }
        var findings: [Diagnostic] = []
        for key in rules.xmp {
            let namespace = key.namespace ?? ""
            let found = packet[namespace, key.name]
            if found == nil && !key.required { continue }
            let wrong = key.value.map { found != $0 } ?? (found ?? "").isEmpty
            if wrong {
                let wanted = key.value.map { "\"\($0)\"" } ?? "a value"
                findings.append(Diagnostic(.error, .pdfxXMP,
                                           "the XMP's {\(namespace)}\(key.name) is \(found.map { "\"\($0)\"" } ?? "missing"); \(rules.part) needs \(wanted) (\(key.clause))"))
            }
        }
        findings += agreement(packet)
        return findings
    }

    /// The XMP's copies of Info: trapping, title and dates say what Info says.
    private func agreement(_ packet: XMPProperties) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let trapped = info.flatMap { document.key($0, "/Trapped") }.flatMap(document.name).map { String($0.dropFirst()) }
        let xmpTrapped = packet[PDFXIdentification.adobePDF, "Trapped"]
        if (rules.xmpRequired && xmpTrapped == nil) || (xmpTrapped != nil && xmpTrapped != trapped) {
            findings.append(Diagnostic(.error, .pdfxXMP, "the XMP's pdf:Trapped is \(xmpTrapped ?? "missing"), Info's /\(trapped ?? "nothing") (\(rules.trappedClause))"))
        }
        if let title = infoText("/Title"), let copy = packet[PDFXIdentification.dublinCore, "title"], copy != title {
            findings.append(Diagnostic(.error, .pdfxXMP, "the XMP's dc:title \"\(copy)\" is not Info's \"\(title)\" (\(rules.infoClause))"))
        }
        for (key, property) in [("/CreationDate", "CreateDate"), ("/ModDate", "ModifyDate")] {
            let copy = packet[PDFXIdentification.xmpBasic, property]
            if rules.xmpRequired && copy == nil {
                findings.append(Diagnostic(.error, .pdfxXMP, "the XMP has no xmp:\(property) (\(rules.infoClause))"))
            } else if let copy, let date = infoText(key),
                      MetadataDate.instant(xmp: copy) == nil || MetadataDate.instant(xmp: copy) != MetadataDate.instant(pdf: date) {
                findings.append(Diagnostic(.error, .pdfxXMP, "the XMP's xmp:\(property) \(copy) is not Info's \(key) \(date) (\(rules.infoClause))"))
            }
        }
        return findings
    }
}
