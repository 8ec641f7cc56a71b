import Foundation
import Testing

/// The field's own tools on a finished PDF.
public enum PDFChecks {
    /// `qpdf --check` clean, every font embedded, and the A5 boxes of the default product.
    public static func expectPrintReady(_ file: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let check = try Tool.qpdfCheck(file)
        #expect(check.status == 0, "qpdf --check: \(check.output) \(check.errors)", sourceLocation: sourceLocation)
        #expect(!check.output.contains("WARNING"), "qpdf warned: \(check.output)", sourceLocation: sourceLocation)
        for font in try fonts(file) {
            #expect(font.embedded, "font \(font.name) is not embedded", sourceLocation: sourceLocation)
        }
    }

    public struct Font {
        public var name: String
        public var embedded: Bool
    }

    /// `pdffonts` rows; the `emb` column is the third from the right of the yes/no columns.
    public static func fonts(_ file: URL) throws -> [Font] {
        let run = try Tool.run("pdffonts", [file.path])
        return run.output.split(separator: "\n").dropFirst(2).map { line in
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            // name … emb sub uni objectID generation
            let emb = columns.count >= 5 ? columns[columns.count - 5] : "no"
            return Font(name: String(columns.first ?? ""), embedded: emb == "yes")
        }
    }

    /// Page boxes of page `page` from `pdfinfo -box`.
    public static func boxes(_ file: URL, page: Int = 1) throws -> [String: [Double]] {
        let run = try Tool.run("pdfinfo", ["-box", "-f", String(page), "-l", String(page), file.path])
        var boxes: [String: [Double]] = [:]
        for line in run.output.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].hasSuffix("Box") else { continue }
            let name = parts[0].split(separator: " ").last.map(String.init) ?? ""
            boxes[name] = parts[1].split(separator: " ").compactMap { Double($0) }
        }
        return boxes
    }

    /// pdfimages' colour column (`rgb`, `cmyk`, `gray`…) for every image of the file.
    public static func imageColours(_ file: URL) throws -> [String] {
        let run = try Tool.run("pdfimages", ["-list", file.path])
        return run.output.split(separator: "\n").dropFirst(2).map { line in
            String(line.split(separator: " ", omittingEmptySubsequences: true)[5])
        }
    }

    public static func pageCount(_ file: URL) throws -> Int {
        let run = try Tool.run("pdfinfo", [file.path])
        let line = run.output.split(separator: "\n").first { $0.hasPrefix("Pages:") } ?? ""
        return Int(line.split(separator: " ").last ?? "") ?? 0
    }
}
