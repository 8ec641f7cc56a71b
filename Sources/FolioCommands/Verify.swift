import Diagnostics
import Foundation
import FolioCommandLine
import Jobs
import Prepress

/// `folio verify FILE... [--product ID] [--pdfx STANDARD] [--json]`: the pipeline's byte-level
/// checks on any file; with a product that declares PDF/X, or `--pdfx`, every rule of it.
enum Verify {
    static func run(_ arguments: Arguments, console: Terminal) -> Int32 {
        guard !arguments.positional.isEmpty else {
            console.complain("usage: folio verify FILE... [--product ID] [--pdfx X-4|X-1a:2001|X-3:2002] [--json]")
            return 2
        }
        var pdfx: PDFXStandard?
        if let name = arguments.options["pdfx"] {
            guard let standard = PDFXStandard(rawValue: name) else {
                console.complain("--pdfx: expected one of \(PDFXStandard.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(name)\"")
                return 2
            }
            pdfx = standard
        }
        var product: Product?
        var components: Int?
        if let id = arguments.options["product"] {
            guard let config = Command.loadConfig(arguments, console: console) else { return 2 }
            do {
                product = try config.product(id)
                components = product?.outputColour.components
            } catch {
                console.complain("\(error)")
                return 2
            }
        }
        var results: [(file: String, findings: [Diagnostic])] = []
        for path in arguments.positional {
            let file = URL(fileURLWithPath: path)
            let head = (try? FileHandle(forReadingFrom: file)).flatMap { try? $0.read(upToCount: 5) } ?? Data()
            let findings: [Diagnostic]
            if head.starts(with: Array("%PDF".utf8)) {
                var expected = expectations(for: file, product: product, components: components)
                if let product { expected.apply(product) }
                if let pdfx { expected.pdfx = pdfx }
                findings = PDFVerifier(expectations: expected).verify(file)
            } else if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || path.hasSuffix(".epub") {
                findings = EPUBVerifier().verify(file)
            } else {
                findings = [Diagnostic(.error, .unknownFormat, head.isEmpty ? "the file is empty or unreadable" : "neither a PDF nor an EPUB")]
            }
            results.append((path, findings))
        }
        if arguments.flags.contains("json") {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            struct FileResult: Encodable { var file: String; var findings: [Diagnostic] }
            let data = (try? encoder.encode(results.map { FileResult(file: $0.file, findings: $0.findings) })) ?? Data()
            console.say(String(decoding: data, as: UTF8.self))
        } else {
            for result in results {
                let errors = result.findings.filter { $0.severity == .error }.count
                console.say("\(result.file): \(errors == 0 ? "ok" : "\(errors) error\(errors == 1 ? "" : "s")")")
                for finding in result.findings.sorted(by: { $0.severity < $1.severity }) { console.say("  \(finding)") }
            }
        }
        return results.contains { $0.findings.contains { $0.severity == .error } } ? 1 : 0
    }

    /// With a product, boxes are checked against it; a page much wider than the trim is a
    /// cover spread, whose spine is whatever the book's page count made it.
    private static func expectations(for file: URL, product: Product?, components: Int?) -> VerificationExpectations {
        guard let product else { return VerificationExpectations() }
        var sheet = product.interiorSheet
        if let width = PDFVerifier.firstTrimWidth(file), width > product.geometry.trimWidth * 1.5 {
            sheet = SheetGeometry(trimWidth: width, trimHeight: product.geometry.trimHeight, bleed: product.geometry.bleed,
                                  cropMarks: product.cropMarks)
            return VerificationExpectations(sheet: sheet, outputComponents: components)
        }
        return VerificationExpectations(sheet: sheet, pageRules: product.pageRules, outputComponents: components)
    }
}
