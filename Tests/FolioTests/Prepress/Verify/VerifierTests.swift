import Foundation
import FolioTestSupport
import Testing
@testable import Jobs
@testable import Prepress

/// Good outputs, damaged in each way the verifiers cover: each damage is caught, by its own code.
@Suite struct VerifierTests {
    let workspace: Workspace
    let folder: URL
    let report: JobReport

    init() throws {
        workspace = try Workspace()
        let export = try workspace.writeExport("anna", journal: Sample.journal([
            Sample.entry("e1", "2025-01-03T10:00:00Z", text: "Kept words *with emphasis* here.", photos: [["file": "photos/p.jpg", "caption": "Lake"]]),
            Sample.entry("e2", "2025-02-03T10:00:00Z", text: "Another kept entry."),
        ]))
        try FileManager.default.copyItem(at: corpusRoot.appendingPathComponent("photos/color/prism_pizza-rgb8-srgb.jpg"),
                                         to: export.appendingPathComponent("photos/p.jpg"))
        (report, folder) = try workspace.render(Sample.order(outputs: ["interior", "cover", "epub"]))
    }

    var pdf: URL { folder.appendingPathComponent("interior.pdf") }
    var epub: URL { folder.appendingPathComponent("book.epub") }

    func product() throws -> Product { try workspace.config.product("a5-softcover") }

    func pdfCodes(_ bytes: [UInt8], expectations: VerificationExpectations? = nil) throws -> Set<String> {
        let file = workspace.root.appendingPathComponent("mutant-\(UUID().uuidString).pdf")
        try Data(bytes).write(to: file)
        let product = try product()
        // The pipeline's mode (without qpdf's exhaustive pass) must catch every damage alone.
        let verifier = PDFVerifier(expectations: expectations ?? .init(sheet: product.interiorSheet, pageRules: product.pageRules, outputComponents: 3),
                                   thorough: false)
        let codes = Set(verifier.verify(file).filter { $0.severity == .error }.map(\.code))
        var thorough = verifier
        thorough.thorough = true
        #expect(codes.isSubset(of: Set(thorough.verify(file).filter { $0.severity == .error }.map(\.code))))
        return codes
    }

    func epubCodes(_ file: URL, forbidden: [String] = []) -> Set<String> {
        Set(EPUBVerifier(expectations: .init(forbidden: forbidden)).verify(file).filter { $0.severity == .error }.map(\.code))
    }

    func index(of text: String, in bytes: [UInt8], from start: Int = 0) -> Int? {
        let pattern = Array(text.utf8)
        var i = start
        while i + pattern.count <= bytes.count {
            if bytes[i] == pattern[0] && Array(bytes[i..<(i + pattern.count)]) == pattern { return i }
            i += 1
        }
        return nil
    }

    @Test func goodOutputsVerifyClean() throws {
        #expect(report.status == .done, "\(String(describing: report.error))")
        #expect(try pdfCodes([UInt8](Data(contentsOf: pdf))).isEmpty)
        #expect(epubCodes(epub).isEmpty)
    }

    @Test func pdfDamageIsCaughtByItsCode() throws {
        let good = [UInt8](try Data(contentsOf: pdf))
        // A flipped byte inside a compressed stream.
        var flipped = good
        let stream = try #require(index(of: "/FlateDecode", in: good).flatMap { index(of: "stream\n", in: good, from: $0) })
        flipped[stream + 7 + 20] ^= 0xFF
        #expect(try pdfCodes(flipped).contains("stream-damaged"))
        // Truncated.
        #expect(try pdfCodes(Array(good.prefix(good.count - 3000))).contains("pdf-eof"))
        // An xref offset shifted by one byte.
        var shifted = good
        let xref = try #require(index(of: "\nxref\n", in: good))
        let firstEntry = try #require(index(of: "\n", in: good, from: xref + 6)) + 1 + 20  // skip "0 N" and the free entry
        let digit = firstEntry + 9
        shifted[digit] = shifted[digit] == UInt8(ascii: "9") ? UInt8(ascii: "0") : shifted[digit] + 1
        #expect(try pdfCodes(shifted).contains("xref-offset"))
        // The TrimBox renamed away (same length, offsets stay valid).
        let noTrim = String(decoding: good, as: UTF8.self) == "" ? good : replace("/TrimBox", with: "/TrimBax", in: good)
        #expect(try pdfCodes(noTrim).contains("missing-box"))
        // Boxes against another product.
        let square = try workspace.config.product("square-210-softcover")
        #expect(try pdfCodes(good, expectations: .init(sheet: square.interiorSheet)).contains("trim-size"))
        // The output intent removed.
        #expect(try pdfCodes(replace("/OutputIntents", with: "/OutputIntentz", in: good)).contains("no-output-intent"))
        // A page count that the report and the product's rules do not allow.
        #expect(try pdfCodes(good, expectations: .init(pages: 7, forbidden: [])).contains("page-count-report"))
    }

    /// qpdf's complaint is a damaged stream only when it was decoding one: a stream's wrong
    /// /Length is the file's structure, though qpdf's words name the stream ("attempting to
    /// recover stream length"), and the stream itself still decodes.
    @Test func aWrongStreamLengthIsStructureNotDamage() throws {
        var bytes = [UInt8](try Data(contentsOf: pdf))
        // A stream's length, direct (`/Length 812`) or in an object of its own (`/Length 12 0 R`),
        // whose last figure can be lowered in place.
        func figures(at start: Int) -> (value: Int, end: Int) {
            var end = start
            while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
            return (Int(String(decoding: bytes[start..<end], as: UTF8.self)) ?? 0, end)
        }
        var digit: Int?
        var from = 0
        while digit == nil, let at = index(of: "/Length ", in: bytes, from: from) {
            var (value, end) = figures(at: at + 8)
            if Array(bytes[end..<min(end + 4, bytes.count)]) == Array(" 0 R".utf8), let object = index(of: "\n\(value) 0 obj", in: bytes) {
                var start = object + "\n\(value) 0 obj".utf8.count
                while bytes[start] == 10 || bytes[start] == 13 || bytes[start] == 32 { start += 1 }
                (value, end) = figures(at: start)
            }
            if value > 0, bytes[end - 1] > UInt8(ascii: "0") { digit = end - 1 }
            from = at + 1
        }
        let shortened = try #require(digit, "no /Length in the interior")
        bytes[shortened] -= 1
        let file = workspace.root.appendingPathComponent("mutant-length.pdf")
        try Data(bytes).write(to: file)
        for thorough in [false, true] {
            let findings = PDFVerifier(thorough: thorough).verify(file).filter { $0.severity == .error }
            #expect(findings.contains { $0.code == "pdf-structure" }, "thorough \(thorough): \(findings)")
            #expect(!findings.contains { $0.code == "stream-damaged" }, "thorough \(thorough): \(findings)")
        }
    }

    /// Same-length replacement of every occurrence, so no offset moves.
    func replace(_ old: String, with new: String, in bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        var from = 0
        while let at = index(of: old, in: result, from: from) {
            result.replaceSubrange(at..<(at + old.utf8.count), with: Array(new.utf8))
            from = at + 1
        }
        return result
    }

    @Test func archivedTextInAPDFIsFound() throws {
        // The same words rendered as an included entry stand for a leak the resolver missed.
        #expect(try pdfCodes([UInt8](Data(contentsOf: pdf)), expectations: .init(forbidden: ["Kept words with emphasis here"])).contains("archived-content"))
        #expect(try pdfCodes([UInt8](Data(contentsOf: pdf)), expectations: .init(forbidden: ["Words that were never written"])).isEmpty)
    }

    /// Rebuilds the EPUB with Python's zipfile, changing one thing.
    func mutateEPUB(_ mutation: String) throws -> URL {
        let out = workspace.root.appendingPathComponent("mutant-\(UUID().uuidString).epub")
        let script = """
            import sys, zipfile
            source, target, mutation = sys.argv[1:4]
            with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, 'w') as zout:
                for info in zin.infolist():
                    data = zin.read(info.filename)
                    method = info.compress_type
                    extra = b''
                    if info.filename == 'mimetype' and mutation == 'compress-mimetype': method = zipfile.ZIP_DEFLATED
                    if info.filename == 'mimetype' and mutation == 'extra-field': extra = b'\\xfe\\xca\\x00\\x00'
                    if mutation == 'remove-manifest-file' and info.filename.endswith('chapter-002.xhtml'): continue
                    if mutation == 'break-xhtml' and info.filename.endswith('chapter-001.xhtml'): data = data.replace(b'</h2>', b'</h3>', 1)
                    if mutation == 'plant-archived' and info.filename.endswith('chapter-001.xhtml'):
                        data = data.replace(b'</section>', b'<p>ARCHIVED secret diary line</p></section>', 1)
                    if mutation == 'escape-name' and info.filename.endswith('style.css'): info.filename = '../style.css'
                    copy = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                    copy.compress_type = method
                    copy.extra = extra
                    zout.writestr(copy, data)
            """
        let run = try Tool.run("python3", ["-c", script, epub.path, out.path, mutation])
        try #require(run.status == 0, "\(run.errors)")
        return out
    }

    @Test func epubDamageIsCaughtByItsCode() throws {
        #expect(epubCodes(try mutateEPUB("none")).isEmpty, "the rebuilt archive alone must verify clean")
        #expect(epubCodes(try mutateEPUB("compress-mimetype")).contains("mimetype-compressed"))
        #expect(epubCodes(try mutateEPUB("extra-field")).contains("mimetype-extra"))
        #expect(epubCodes(try mutateEPUB("remove-manifest-file")).contains("manifest-missing-file"))
        #expect(epubCodes(try mutateEPUB("break-xhtml")).contains("xhtml-not-well-formed"))
        #expect(epubCodes(try mutateEPUB("plant-archived"), forbidden: ["ARCHIVED secret diary line"]).contains("archived-content"))
        #expect(epubCodes(try mutateEPUB("escape-name")).contains("zip-name-escape"))
        // A corrupted CRC: one byte of the stored cover picture flipped.
        var bytes = [UInt8](try Data(contentsOf: epub))
        let cover = try #require(index(of: "OEBPS/images/cover.jpg", in: bytes))
        bytes[cover + 22 + 500] ^= 0xFF
        let damaged = workspace.root.appendingPathComponent("crc.epub")
        try Data(bytes).write(to: damaged)
        #expect(epubCodes(damaged).contains("zip-crc"))
        // Truncated: no central directory any more.
        try Data(bytes.prefix(bytes.count / 2)).write(to: damaged)
        #expect(epubCodes(damaged).contains("zip-structure"))
    }

    @Test func filesFromOutsideFolioGiveFindingsNotCrashes() throws {
        let folio = repositoryRoot.appendingPathComponent(".build/debug/folio").path
        let pangoPDF = workspace.root.appendingPathComponent("pango.pdf")
        let pango = try Tool.run("pango-view", ["-q", "--output=\(pangoPDF.path)", "--text=Hello from pango-view"])
        try #require(pango.status == 0, "\(pango.errors)")
        let markdown = workspace.root.appendingPathComponent("book.md")
        try Data("% A pandoc book\n\n# One\n\nText.\n\n# Two\n\nMore [text](#one).\n".utf8).write(to: markdown)
        let pandocEPUB = workspace.root.appendingPathComponent("pandoc.epub")
        let pandoc = try Tool.run("pandoc", ["-o", pandocEPUB.path, markdown.path])
        try #require(pandoc.status == 0, "\(pandoc.errors)")
        let garbage = workspace.root.appendingPathComponent("garbage.pdf")
        try Data("%PDF-1.4\nnot really\n".utf8).write(to: garbage)

        let run = try Tool.run(folio, ["verify", pangoPDF.path, pandocEPUB.path, garbage.path, "--json", "--config", workspace.configFile.path,
                                       "--product", "a5-softcover"])
        #expect(run.status == 1, "\(run.errors)")
        let results = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
        let codes = results.map { Set(($0["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }) }
        #expect(codes[0].isSuperset(of: ["missing-box", "no-output-intent"]), "\(codes[0])")
        #expect(codes[1].isDisjoint(with: ["zip-structure", "zip-crc", "mimetype-first"]), "pandoc's EPUB is a sound ZIP: \(codes[1])")
        #expect(!codes[2].isEmpty)
        let plain = try Tool.run(folio, ["verify", pandocEPUB.path])
        #expect(plain.status == 0 || plain.status == 1)
        #expect(plain.output.contains("pandoc.epub"))
    }
}
