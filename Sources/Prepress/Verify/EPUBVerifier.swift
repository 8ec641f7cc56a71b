import Diagnostics
import Foundation

/// Checks a finished EPUB down to its bytes: the ZIP (every local header against the central
/// directory, every CRC recomputed), the OCF rules for `mimetype`, entry names that stay inside
/// the archive, the package (container → OPF → manifest ↔ files, spine, nav), every XHTML file
/// well-formed, every in-book link and fragment resolving, and nothing archived anywhere.
public struct EPUBVerifier: Sendable {
    public var expectations: VerificationExpectations

    public init(expectations: VerificationExpectations = VerificationExpectations()) {
        self.expectations = expectations
    }

    public func verify(_ file: URL) -> [Diagnostic] {
        guard let data = try? Data(contentsOf: file, options: .alwaysMapped) else {
            return [Diagnostic(.error, .unreadable, "cannot read \(file.path)")]
        }
        let zip = ZipReader(bytes: data)
        var findings = zip.findings
        guard !zip.entries.isEmpty else { return findings + (findings.isEmpty ? [Diagnostic(.error, .zipStructure, "the archive is empty")] : []) }
        findings += mimetype(zip)
        var contents: [String: [UInt8]] = [:]
        for entry in zip.entries {
            if entry.name.hasPrefix("/") || entry.name.hasPrefix("\\") || entry.name.split(separator: "/").contains("..")
                || entry.name.contains(":") {
                findings.append(Diagnostic(.error, .zipNameEscape, "the entry's name leaves the archive", entry: entry.name))
                continue
            }
            do {
                let bytes = try zip.data(entry)
                // Photos and fonts are checked (CRC, size) but not kept, and their mapped pages
                // are given back: memory stays flat however many photos the book has.
                contents[entry.name] = Self.isBinary(entry.name) ? [] : bytes
                zip.release(entry)
            } catch {
                let code: DiagnosticCode = if case .crc = error { .zipCRC } else if case .size = error { .zipSize } else { .zipData }
                findings.append(Diagnostic(.error, code, "the entry's data does not match its directory record (\(error))", entry: entry.name))
            }
        }
        let (packageFindings, spine) = package(contents)
        findings += packageFindings
        findings += forbidden(contents)
        if let expected = expectations.expectedText, let spine {
            findings += (expectations.completenessClock ?? CheckClock()).time { completeness(expected, spine: spine, contents) }
        }
        return findings
    }

    private func mimetype(_ zip: ZipReader) -> [Diagnostic] {
        guard let first = zip.entries.first, first.name == "mimetype" else {
            return [Diagnostic(.error, .mimetypeFirst, "the first entry must be mimetype")]
        }
        var findings: [Diagnostic] = []
        if first.method != 0 { findings.append(Diagnostic(.error, .mimetypeCompressed, "mimetype must be stored, not compressed", entry: "mimetype")) }
        if first.extraLength != 0 { findings.append(Diagnostic(.error, .mimetypeExtra, "mimetype's local header has an extra field", entry: "mimetype")) }
        if first.localOffset != 0 { findings.append(Diagnostic(.error, .mimetypeFirst, "mimetype's header is not at byte 0", entry: "mimetype")) }
        let content = zip.bytes.count >= 58 ? String(decoding: zip.bytes[38..<58], as: UTF8.self) : ""
        if first.method == 0 && first.extraLength == 0 && content != "application/epub+zip" {
            findings.append(Diagnostic(.error, .mimetypeContent, "bytes 38–57 are not application/epub+zip", entry: "mimetype"))
        }
        return findings
    }

    /// The package's findings, and its spine's documents but the navigation in reading order (nil when the
    /// container or the package document cannot be read).
    private func package(_ contents: [String: [UInt8]]) -> (findings: [Diagnostic], spine: [String]?) {
        guard let container = contents["META-INF/container.xml"] else {
            return ([Diagnostic(.error, .containerMissing, "no META-INF/container.xml")], nil)
        }
        let containerXML = XMLScan(container)
        guard let opfPath = containerXML.elements(named: "rootfile").first?.attributes["full-path"] else {
            return ([Diagnostic(.error, .containerRootfile, "container.xml names no rootfile", entry: "META-INF/container.xml")], nil)
        }
        guard let opfData = contents[opfPath] else {
            return ([Diagnostic(.error, .opfMissing, "container.xml points to \(opfPath), which is not in the archive")], nil)
        }
        let opf = XMLScan(opfData)
        if let error = opf.error { return ([Diagnostic(.error, .xmlNotWellFormed, error, entry: opfPath)], nil) }
        var findings: [Diagnostic] = []
        let base = (opfPath as NSString).deletingLastPathComponent
        func resolve(_ href: String, from folder: String) -> String {
            let path = (href.removingPercentEncoding ?? href)
            let joined = folder.isEmpty ? path : folder + "/" + path
            var parts: [String] = []
            for part in joined.split(separator: "/") {
                if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(String(part)) }
            }
            return parts.joined(separator: "/")
        }
        var manifest: [String: (path: String, properties: String)] = [:]
        for item in opf.elements(named: "item") {
            guard let id = item.attributes["id"], let href = item.attributes["href"] else { continue }
            let path = resolve(href, from: base)
            manifest[id] = (path, item.attributes["properties"] ?? "")
            if contents[path] == nil {
                findings.append(Diagnostic(.error, .manifestMissingFile, "the manifest names \(path), which is not in the archive", entry: path))
            }
        }
        let listed = Set(manifest.values.map(\.path))
        for name in contents.keys.sorted() where name != "mimetype" && !name.hasPrefix("META-INF/") && name != opfPath && !name.hasSuffix("/") {
            if !listed.contains(name) { findings.append(Diagnostic(.error, .fileNotInManifest, "the file is not in the manifest", entry: name)) }
        }
        for itemref in opf.elements(named: "itemref") where manifest[itemref.attributes["idref"] ?? ""] == nil {
            findings.append(Diagnostic(.error, .spineIDRef, "the spine refers to \"\(itemref.attributes["idref"] ?? "")\", which is not in the manifest", entry: opfPath))
        }
        // Every XHTML well-formed; collect ids and links for fragment checks (only those: a
        // decade's documents scanned whole and kept would hold a quarter of a million elements).
        var ids: [String: Set<String>] = [:]
        var links: [String: [String]] = [:]
        for (path, properties) in manifest.values where path.hasSuffix(".xhtml") || path.hasSuffix(".html") {
            guard let data = contents[path] else { continue }
            let scan = XMLScan(data)
            if let error = scan.error {
                findings.append(Diagnostic(.error, .xhtmlNotWellFormed, error, entry: path))
                continue
            }
            links[path] = scan.elements.compactMap { $0.attributes["href"] ?? $0.attributes["src"] }
            var seen = Set<String>()
            for id in scan.elements.compactMap({ $0.attributes["id"] }) where !seen.insert(id).inserted {
                findings.append(Diagnostic(.error, .duplicateID, "the id \"\(id)\" is given to more than one element", entry: path))
            }
            ids[path] = seen
            if properties.split(separator: " ").contains("nav"),
               !scan.elements(named: "nav").contains(where: { ($0.attributes["epub:type"] ?? "").split(separator: " ").contains("toc") }) {
                findings.append(Diagnostic(.error, .navMissingTOC, "the navigation document has no nav with epub:type=\"toc\"", entry: path))
            }
        }
        if !manifest.values.contains(where: { $0.properties.split(separator: " ").contains("nav") }) {
            findings.append(Diagnostic(.error, .navMissingTOC, "no manifest item is the navigation document", entry: opfPath))
        }
        findings += navigationOrder(contents, manifest: manifest.values.map(\.path))
        for (path, references) in links.sorted(by: { $0.key < $1.key }) {
            let folder = (path as NSString).deletingLastPathComponent
            for reference in references {
                guard !reference.contains("://"), !reference.hasPrefix("mailto:") else { continue }
                let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let target = parts[0].isEmpty ? path : resolve(parts[0], from: folder)
                if contents[target] == nil {
                    findings.append(Diagnostic(.error, .brokenLink, "\(reference) leads to no file in the book", entry: path))
                } else if parts.count == 2, !parts[1].isEmpty, let targetIDs = ids[target], !targetIDs.contains(parts[1]) {
                    findings.append(Diagnostic(.error, .brokenFragment, "\(reference) leads to no element with that id", entry: path))
                }
            }
        }
        // The navigation document lists every entry by its date, the line the completeness check
        // cuts the chapters at (an all-day entry's whole head): it holds no entry's words.
        let spine = opf.elements(named: "itemref").compactMap { manifest[$0.attributes["idref"] ?? ""] }
            .filter { !$0.properties.split(separator: " ").contains("nav") }.map(\.path)
        return (findings, spine)
    }

    /// `toc.ncx`, where the book has one: ids unique, and `playOrder` numbering the navigation
    /// points 1, 2, 3… in document order (EPUBCheck's NCX-001/RSC-005 rules), a point with the
    /// same target always with the same number.
    private func navigationOrder(_ contents: [String: [UInt8]], manifest: [String]) -> [Diagnostic] {
        guard let path = manifest.first(where: { $0.hasSuffix(".ncx") }), let data = contents[path] else { return [] }
        let scan = XMLScan(data)
        if let error = scan.error { return [Diagnostic(.error, .xmlNotWellFormed, error, entry: path)] }
        var findings: [Diagnostic] = []
        var seen = Set<String>()
        var expected = 0
        var orderOfTarget: [String: Int] = [:]
        var currentTarget: [Int] = []
        for element in scan.elements {
            if let id = element.attributes["id"], !seen.insert(id).inserted {
                findings.append(Diagnostic(.error, .duplicateID, "the id \"\(id)\" is given to more than one element", entry: path))
            }
            if element.name == "navPoint" {
                expected += 1
                let order = Int(element.attributes["playOrder"] ?? "") ?? -1
                if order != expected {
                    findings.append(Diagnostic(.error, .ncxPlayOrder, "navPoint \"\(element.attributes["id"] ?? "")\" has playOrder \(order); expected \(expected)",
                                               entry: path))
                }
                currentTarget.append(order)
            } else if element.name == "content", let order = currentTarget.popLast(), let source = element.attributes["src"] {
                if let earlier = orderOfTarget[source], earlier != order {
                    findings.append(Diagnostic(.error, .ncxPlayOrder, "\(source) is reached by playOrder \(earlier) and \(order)", entry: path))
                }
                orderOfTarget[source] = order
            }
        }
        return findings
    }

    /// Every entry's name, and every text entry as markup and as plain text: each searched once
    /// for all archived phrases together.
    private func forbidden(_ contents: [String: [UInt8]]) -> [Diagnostic] {
        let archived = expectations.archived
        guard !archived.isEmpty else { return [] }
        var findings: [Diagnostic] = []
        for (name, data) in contents.sorted(by: { $0.key < $1.key }) {
            var compact = CompactText.bytes(name)
            if !Self.isBinary(name) {
                let forms = MarkupText.forms(data)
                for form in [forms.withTags, forms.text] {
                    compact.append(0)
                    CompactText.append(form, to: &compact)
                }
            }
            for phrase in archived.found(inCompact: compact, counter: expectations.scanCounter) {
                findings.append(Diagnostic(.error, .archivedContent, "archived content appears: \"\(phrase.prefix(40))\"", entry: name))
            }
        }
        return findings
    }

    static let entryMarker = Array("<section class=\"entry\"".utf8)

    /// Where each entry's section begins in an XHTML document.
    static func entryStarts(in data: [UInt8]) -> [Int] {
        var starts: [Int] = []
        var rest = data[...]
        while let found = rest.firstRange(of: entryMarker) {
            starts.append(found.lowerBound)
            rest = rest[found.upperBound...]
        }
        return starts
    }

    static func isBinary(_ name: String) -> Bool {
        [".jpg", ".jpeg", ".png", ".gif", ".otf", ".ttf", ".woff", ".woff2"].contains { name.lowercased().hasSuffix($0) }
    }
}
