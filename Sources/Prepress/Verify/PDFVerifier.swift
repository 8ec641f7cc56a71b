import Diagnostics
import Foundation

/// Checks a finished PDF down to its bytes: the skeleton (Folio's own reading), qpdf's full
/// structural check (every stream decoded), then Folio's own checks of pages, boxes, fonts,
/// images and the output intent, and that nothing archived appears in its text.
public struct PDFVerifier: Sendable {
    public var expectations: VerificationExpectations
    /// Adds qpdf's exhaustive check, which parses every page's content stream: what `folio
    /// verify` runs on any file. The pipeline's own files skip it (it takes most of the time;
    /// every stream is still decoded strictly by Folio, and qpdf's complaints while reading the
    /// objects still count).
    public var thorough: Bool
    /// With more than one, every stream is decoded on a thread of its own (with its own qpdf
    /// reading of the file) while the pages, fonts, colours and text are checked.
    public var threads: Int

    public init(expectations: VerificationExpectations = VerificationExpectations(), thorough: Bool = true, threads: Int = 1) {
        self.expectations = expectations
        self.thorough = thorough
        self.threads = threads
    }

    public func verify(_ file: URL) -> [Diagnostic] {
        // Mapped, not read: a book's PDF can be tens of megabytes, and the skeleton check reads
        // only its xref and object headers.
        guard let data = try? Data(contentsOf: file, options: .alwaysMapped) else {
            return [Diagnostic(.error, .unreadable, "cannot read \(file.path)")]
        }
        let streams = BackgroundCheck(file: file, inBackground: threads > 1) { StreamIntegrity(document: $0).check() }
        // The ink check decodes every CMYK photo: beside the rest too, on a third thread.
        let expectations = self.expectations
        let ink = expectations.maximumInkPercent.map { limit in
            BackgroundCheck(file: file, inBackground: threads > 1) { document in
                InkCoverageCheck(document: document, sites: ColourSites(document), limitPercent: limit,
                                 severity: expectations.inkLimitIsError ? .error : .warning).check()
            }
        }
        var findings = PDFByteStructure(bytes: data).check()
        guard let document = QPDFDocument(file: file), !document.unreadable else {
            streams.wait()
            ink?.wait()
            return findings + [Diagnostic(.error, .pdfStructure, "qpdf cannot read the file")]
        }
        if thorough { findings += document.checkStructure().map(Self.finding) }
        findings += pages(document)
        // A product's output space, else the one the file declares (`folio verify` on its own).
        let components = expectations.outputComponents ?? intentComponents(document)
        findings += resources(document, outputComponents: components)
        findings += outputIntent(document)
        let reportedImages = Set(findings.filter { $0.carries(.imageColourSpace) }.compactMap(\.object))
        let sites = ColourSites(document)
        findings += DeviceColourCheck(document: document, sites: sites, outputComponents: components, reportedImages: reportedImages).check()
        // The pages' text is the archived check's when it has phrases to look for, and what
        // the completeness check adds when it has none.
        let clock = expectations.completenessClock ?? CheckClock(), textClock = expectations.pageTextClock ?? CheckClock()
        let pageTexts = expectations.archived.isEmpty && expectations.expectedText == nil ? []
            : expectations.archived.isEmpty ? clock.time { textClock.time { Self.pageTexts(document) } }
            : textClock.time { Self.pageTexts(document) }
        findings += forbiddenText(document, pageTexts: pageTexts)
        if let expected = expectations.expectedText {
            findings += clock.time { Self.completeness(expected, pageTexts: pageTexts, tree: StructureTree(document)) }
        }
        if let standard = expectations.pdfx {
            findings += PDFXCheck(document: document, standard: standard, header: data.prefix(16)).check()
        }
        if let ink { findings += ink.findings(else: document) }
        let damagedStreams = streams.findings(else: document)
        findings += damagedStreams
        // What qpdf ran into while Folio read the objects (a damaged object, a bad xref) or
        // decoded their streams, unless its check or Folio's own decoding said it already.
        let reported = Set(damagedStreams.compactMap(\.object))
        for problem in document.problems where !findings.contains(where: { $0.message == problem.message }) {
            if let stream = problem.stream, reported.contains(stream) { continue }
            findings.append(Self.finding(problem))
        }
        return findings
    }

    /// A qpdf problem raised while decoding one stream is that stream's damage; any other is
    /// the file's structure.
    private static func finding(_ problem: QPDFProblem) -> Diagnostic {
        guard let stream = problem.stream else { return Diagnostic(.error, .pdfStructure, problem.message) }
        return Diagnostic(.error, .streamDamaged, problem.message, object: stream)
    }

    private func pages(_ document: QPDFDocument) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let found = document.pageCount
        if let tree = document.key(document.root, "/Pages"), let count = document.key(tree, "/Count").flatMap(document.number),
           Int(count) != found {
            findings.append(Diagnostic(.error, .pageCount, "the page tree says \(Int(count)) pages; \(found) were found"))
        }
        if let pages = expectations.pages, pages != found {
            findings.append(Diagnostic(.error, .pageCountReport, "the report says \(pages) pages; the file has \(found)"))
        }
        if let rules = expectations.pageRules,
           found < rules.minimum || found > rules.maximum || found % rules.multiple != 0 {
            findings.append(Diagnostic(.error, .pageRules,
                                       "\(found) pages; the product needs \(rules.minimum)–\(rules.maximum) in multiples of \(rules.multiple)"))
        }
        for index in 0..<found {
            let page = document.page(index)
            let number = index + 1
            var boxes: [String: [Double]] = [:]
            for name in ["/MediaBox", "/TrimBox", "/BleedBox"] {
                guard let box = document.inheritedKey(page, name).map(document.numbers), box.count == 4 else {
                    findings.append(Diagnostic(.error, .missingBox, "no \(name)", page: number, object: document.objectNumber(page)))
                    continue
                }
                boxes[name] = box
            }
            guard let sheet = expectations.sheet, let trim = boxes["/TrimBox"], let bleed = boxes["/BleedBox"] else { continue }
            let width = trim[2] - trim[0], height = trim[3] - trim[1]
            if abs(width - sheet.trimWidth) > 0.01 || abs(height - sheet.trimHeight) > 0.01 {
                findings.append(Diagnostic(.error, .trimSize,
                                           String(format: "TrimBox is %.2f × %.2f pt; the product's trim is %.2f × %.2f", width, height,
                                                  sheet.trimWidth, sheet.trimHeight), page: number, object: document.objectNumber(page)))
            }
            let expected = sheet.bleeds(page: number)
            let actual = (trim[0] - bleed[0], bleed[2] - trim[2], bleed[3] - trim[3], trim[1] - bleed[1])
            if abs(actual.0 - expected.left) > 0.01 || abs(actual.1 - expected.right) > 0.01
                || abs(actual.2 - expected.top) > 0.01 || abs(actual.3 - expected.bottom) > 0.01 {
                findings.append(Diagnostic(.error, .bleedSize,
                                           String(format: "BleedBox extends the trim by %.2f/%.2f/%.2f/%.2f pt (left/right/top/bottom); the product asks %.2f/%.2f/%.2f/%.2f",
                                                  actual.0, actual.1, actual.2, actual.3, expected.left, expected.right, expected.top, expected.bottom),
                                           page: number, object: document.objectNumber(page)))
            }
            if let media = boxes["/MediaBox"], media[0] > bleed[0] + 0.01 || media[1] > bleed[1] + 0.01
                || media[2] < bleed[2] - 0.01 || media[3] < bleed[3] - 0.01 {
                findings.append(Diagnostic(.error, .mediaBox, "the MediaBox does not contain the BleedBox", page: number))
            }
        }
        return findings
    }

    /// Fonts must carry their program; images must be in a colour space the intent allows.
    private func resources(_ document: QPDFDocument, outputComponents: Int?) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        var seen: Set<Int> = []
        func walk(_ resources: PDFObject, page: Int, depth: Int) {
            if let fonts = document.key(resources, "/Font") {
                for name in document.keys(fonts) {
                    guard let font = document.key(fonts, name) else { continue }
                    if let id = document.objectNumber(font), !seen.insert(id).inserted { continue }
                    findings += check(font: font, name: name, page: page, document)
                }
            }
            guard let xobjects = document.key(resources, "/XObject") else { return }
            for name in document.keys(xobjects) {
                guard let object = document.key(xobjects, name) else { continue }
                if let id = document.objectNumber(object), !seen.insert(id).inserted { continue }
                let subtype = document.key(object, "/Subtype").flatMap(document.name)
                if subtype == "/Image" {
                    findings += Self.check(image: object, allowed: outputComponents, page: page, document)
                } else if subtype == "/Form", depth < 8, let inner = document.key(object, "/Resources") {
                    walk(inner, page: page, depth: depth + 1)
                }
            }
        }
        for index in 0..<document.pageCount {
            if let resources = document.inheritedKey(document.page(index), "/Resources") { walk(resources, page: index + 1, depth: 0) }
        }
        return findings
    }

    private func check(font: PDFObject, name: String, page: Int, _ document: QPDFDocument) -> [Diagnostic] {
        let subtype = document.key(font, "/Subtype").flatMap(document.name) ?? "?"
        let base = document.key(font, "/BaseFont").flatMap(document.name) ?? name
        if subtype == "/Type3" {
            return [Diagnostic(.warning, .type3Font, "\(base) is a Type 3 font (glyphs drawn by procedures)", page: page,
                               object: document.objectNumber(font))]
        }
        var descriptorOwner = font
        if subtype == "/Type0", let descendant = document.key(font, "/DescendantFonts").map(document.array)?.first {
            descriptorOwner = descendant
        }
        let descriptor = document.key(descriptorOwner, "/FontDescriptor")
        let embedded = descriptor.map { d in ["/FontFile", "/FontFile2", "/FontFile3"].contains { document.key(d, $0) != nil } } ?? false
        return embedded ? [] : [Diagnostic(.error, .fontNotEmbedded, "\(base) has no embedded font program", page: page,
                                           object: document.objectNumber(font))]
    }

    static func check(image: PDFObject, allowed: Int?, page: Int?, _ document: QPDFDocument) -> [Diagnostic] {
        guard let allowed else { return [] }
        let components = document.colourComponents(document.key(image, "/ColorSpace"))
        if document.key(image, "/ImageMask").flatMap(document.name) != nil || components == nil { return [] }
        if let components, components != allowed && components != 1 {
            let space = components == 4 ? "CMYK" : components == 3 ? "RGB" : "\(components)-component"
            return [Diagnostic(.error, .imageColourSpace, "a \(space) image under a \(allowed == 4 ? "CMYK" : "RGB") output intent",
                               page: page, object: document.objectNumber(image))]
        }
        return []
    }

    /// The components of the file's own output intent profile, when it has one.
    private func intentComponents(_ document: QPDFDocument) -> Int? {
        let first = document.key(document.root, "/OutputIntents").map(document.array)?.first
        return first.flatMap { document.key($0, "/DestOutputProfile") }.flatMap { document.key($0, "/N") }
            .flatMap(document.number).map(Int.init)
    }

    private func outputIntent(_ document: QPDFDocument) -> [Diagnostic] {
        guard let intents = document.key(document.root, "/OutputIntents").map(document.array), let first = intents.first else {
            return [Diagnostic(.error, .noOutputIntent, "the catalog has no /OutputIntents")]
        }
        guard let profile = document.key(first, "/DestOutputProfile"), document.isStream(profile) else {
            return [Diagnostic(.error, .noOutputIntent, "the output intent has no /DestOutputProfile stream")]
        }
        if let wanted = expectations.outputComponents, let n = document.key(profile, "/N").flatMap(document.number), Int(n) != wanted {
            return [Diagnostic(.error, .outputIntentProfile, "the output profile has \(Int(n)) components; the product's has \(wanted)",
                               object: document.objectNumber(profile))]
        }
        return []
    }

    /// Archived entries' words, ids and photo names: in page text, metadata and bookmarks. Each
    /// page's text and the metadata are searched once, for all phrases together.
    private func forbiddenText(_ document: QPDFDocument, pageTexts: [PDFText.Page]) -> [Diagnostic] {
        let archived = expectations.archived
        guard !archived.isEmpty else { return [] }
        var findings: [Diagnostic] = []
        for (index, text) in pageTexts.enumerated() {
            for phrase in archived.found(inUTF8: text.bytes, counter: expectations.scanCounter) {
                findings.append(Diagnostic(.error, .archivedContent, "archived content appears: \"\(phrase.prefix(40))\"", page: index + 1))
            }
        }
        var strings: [String] = []
        if let info = document.key(document.trailer, "/Info") {
            strings += document.keys(info).compactMap { document.key(info, $0).flatMap(document.text) }
        }
        var outline = document.key(document.root, "/Outlines").flatMap { document.key($0, "/First") }
        var visited = 0
        while let item = outline, visited < 100_000 {
            if let title = document.key(item, "/Title").flatMap(document.text) { strings.append(title) }
            if let child = document.key(item, "/First") { strings += childTitles(child, document) }
            outline = document.key(item, "/Next")
            visited += 1
        }
        // One search over all the strings, joined by a byte no phrase holds, so that no phrase
        // is found across two of them.
        var compact: [UInt8] = []
        for string in strings {
            CompactText.append(string, to: &compact)
            compact.append(0)
        }
        for phrase in archived.found(inCompact: compact, counter: expectations.scanCounter) {
            findings.append(Diagnostic(.error, .archivedContent, "archived content appears in the metadata or bookmarks: \"\(phrase.prefix(40))\""))
        }
        return findings
    }

    /// Every page's text, once, for both text checks.
    private static func pageTexts(_ document: QPDFDocument) -> [PDFText.Page] {
        let extractor = PDFText(document: document)
        return (0..<document.pageCount).map { extractor.text(ofPage: $0) }
    }

    /// Every included entry's words on the pages, in order (`text-missing` names the entry,
    /// its first missing words and the page where they should have been). In a tagged book each
    /// entry is its section of the structure tree, read in the tree's order; running heads,
    /// folios and other artifacts are in none. A file without sections is read page by page.
    private static func completeness(_ expected: ExpectedText, pageTexts: [PDFText.Page], tree: StructureTree?) -> [Diagnostic] {
        var document = WordText()
        var starts: [(position: Int, page: Int)] = []
        var sections: [Range<Int>]?
        if let entries = tree?.groups("Sect"), !entries.isEmpty {
            var ranges: [Range<Int>] = []
            for section in entries {
                let start = document.characters.count
                for element in section {
                    for (page, mcid) in element.content {
                        guard page < pageTexts.count, let range = pageTexts[page].marked[mcid] else { continue }
                        starts.append((document.characters.count, page))
                        document.append(String(decoding: pageTexts[page].bytes[range], as: UTF8.self))
                    }
                }
                ranges.append(start..<document.characters.count)
            }
            sections = ranges
        } else {
            for (page, text) in pageTexts.enumerated() {
                starts.append((document.characters.count, page))
                document.append(String(decoding: text.bytes, as: UTF8.self))
            }
        }
        let locale = Locale(identifier: expected.language)
        let check = CompletenessCheck(document: document, printedHead: { $0.uppercased(with: locale) }, sections: sections)
        return check.missing(expected).map { missing in
            let page = (starts.last { $0.position <= missing.position }?.page ?? 0) + 1
            return Diagnostic(.error, .textMissing, "words of the entry are not on the pages, from: \"\(missing.words)\"",
                              page: page, entry: missing.entry)
        }
    }

    private func childTitles(_ first: PDFObject, _ document: QPDFDocument) -> [String] {
        var titles: [String] = []
        var item: PDFObject? = first
        var visited = 0
        while let current = item, visited < 100_000 {
            if let title = document.key(current, "/Title").flatMap(document.text) { titles.append(title) }
            item = document.key(current, "/Next")
            visited += 1
        }
        return titles
    }
}

extension PDFVerifier {
    /// The first page's TrimBox width, when the file has one.
    public static func firstTrimWidth(_ file: URL) -> Double? {
        guard let document = QPDFDocument(file: file), !document.unreadable, document.pageCount > 0,
              let box = document.inheritedKey(document.page(0), "/TrimBox").map(document.numbers), box.count == 4 else { return nil }
        return box[2] - box[0]
    }
}
