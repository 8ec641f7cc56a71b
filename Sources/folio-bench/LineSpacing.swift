import Document
import Foundation
import Render

/// Issue 26's comparison: the year's justified body lines as Folio set them, and the same
/// paragraphs set by Typst (pip `typst`, which breaks whole paragraphs the Knuth–Plass way) in
/// the same face, size and measure, both read alike from their PDFs by scripts/line_gaps.py.
struct LineSpacing {
    /// One book's figures, as line_gaps.py prints them.
    struct Figures: Decodable {
        var lines: Int
        var medianGap: Double
        var over15: Double
        var over2: Double
        var variation: Double
        var hyphenated: Double
        var longestHyphenRun: Int

        enum CodingKeys: String, CodingKey {
            case lines, cv, hyphenated, scripts
            case medianGap = "median_gap", over15 = "over_1_5", over2 = "over_2", longestHyphenRun = "longest_hyphen_run"
        }

        /// The same figures for the lines of each script, when the book has more than one.
        var scripts: [String: Figures] = [:]

        init(from decoder: any Decoder) throws {
            let values = try decoder.container(keyedBy: CodingKeys.self)
            lines = try values.decode(Int.self, forKey: .lines)
            medianGap = try values.decode(Double.self, forKey: .medianGap)
            over15 = try values.decode(Double.self, forKey: .over15)
            over2 = try values.decode(Double.self, forKey: .over2)
            variation = try values.decode(Double.self, forKey: .cv)
            hyphenated = try values.decode(Double.self, forKey: .hyphenated)
            longestHyphenRun = try values.decode(Int.self, forKey: .longestHyphenRun)
            scripts = try values.decodeIfPresent([String: Figures].self, forKey: .scripts) ?? [:]
        }
    }

    var language: BookLanguage
    /// The book's language, and the others its paragraphs are in ("en+ru").
    var label: String
    var folio: Figures
    var typst: Figures
    /// Typst's compile of the year, with its reading, for scale.
    var typstSeconds: Double

    static func script(configFile: URL) -> URL {
        BenchScript.beside(configFile: configFile, "line_gaps.py")
    }

    /// `languages`: each paragraph's, where it is not the book's `language`.
    static func measure(_ paragraphs: [String], languages: [BookLanguage] = [], language: BookLanguage, folioPDF: URL,
                        facts: ProductFacts, script: URL, folder: URL) throws(BenchError) -> LineSpacing {
        var others: [String] = []
        for other in languages.map(\.rawValue) where other != language.rawValue && !others.contains(other) { others.append(other) }
        let label = ([language.rawValue] + others).joined(separator: "+")
        let source = folder.appendingPathComponent("year-\(label).typ")
        let typstPDF = folder.appendingPathComponent("year-\(label)-typst.pdf")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(typstSource(paragraphs, languages: languages, language: language, facts: facts).utf8).write(to: source)
        } catch {
            throw BenchError("cannot write the Typst source \(source.path): \(error)")
        }
        let folio = try run(script, [folioPDF.path])
        let start = ContinuousClock.now
        let typst = try run(script, ["--typst", source.path, typstPDF.path])
        return LineSpacing(language: language, label: label, folio: folio, typst: typst,
                           typstSeconds: (ContinuousClock.now - start).seconds)
    }

    /// The paragraphs as Typst markup: each a string (so nothing in the text is read as markup),
    /// justified and hyphenated in `language` on the product's measure, first lines indented as
    /// Folio indents them; a paragraph in another language is set in its own (`text(lang:)`), as
    /// Folio sets it.
    static func typstSource(_ paragraphs: [String], languages: [BookLanguage] = [], language: BookLanguage,
                            facts: ProductFacts) -> String {
        var source = """
            #set page(width: \(facts.measure + 100)pt, height: \(facts.trimHeight)pt, margin: (x: 50pt, y: 60pt))
            #set text(font: "\(facts.bodyFamily)", size: \(facts.bodySize)pt, lang: "\(language.rawValue)", hyphenate: true)
            #set par(justify: true, first-line-indent: \(facts.firstLineIndent)pt, leading: \(facts.bodySize * (facts.lineSpacing - 1))pt)

            """
        for (index, paragraph) in paragraphs.enumerated() {
            let flat = paragraph.split(whereSeparator: \.isNewline).joined(separator: " ")
            let escaped = flat.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            let own = languages.indices.contains(index) ? languages[index] : language
            source += own == language ? "#\"\(escaped)\"\n\n" : "#text(lang: \"\(own.rawValue)\")[#\"\(escaped)\"]\n\n"
        }
        return source
    }

    private static func run(_ script: URL, _ arguments: [String]) throws(BenchError) -> Figures {
        let data = try BenchScript.output(script, arguments)
        do {
            guard let figures = try JSONDecoder().decode([Figures].self, from: data).first else {
                throw BenchError("\(script.lastPathComponent) measured nothing")
            }
            return figures
        } catch let error as BenchError {
            throw error
        } catch {
            throw BenchError("\(script.lastPathComponent) printed what is not its figures: \(error)")
        }
    }
}
