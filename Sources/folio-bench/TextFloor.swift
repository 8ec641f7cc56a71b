import Foundation

/// Laying out the book's text outside Folio: pango-view sets every included entry's paragraphs
/// in the body face and size, justified on the product's measure with its leading, and shows
/// nothing (-q, no output file). pango-view puts a whole file into one PangoLayout, whose cost
/// grows faster than its length (a year's text in one layout takes over a minute here); Folio
/// lays out one paragraph at a time. So the text goes in chunks of whole paragraphs, at most
/// `chunkCharacters` each, where pango-view's time is still in proportion to the text, one
/// process a chunk; what starting pango-view costs is measured and taken off.
struct TextFloor {
    static let chunkCharacters = 8000

    var characters = 0
    var chunks = 0
    var run = CommandPool.Outcome(wall: 0, cpu: 0, processes: 0)
    /// What starting every pango-view process costs in all (fontconfig, the font), taken off.
    var startCosts = 0.0
    var arguments: [String] = []

    var net: Double { max(0, run.wall - startCosts) }

    static func measure(_ paragraphs: [String], facts: ProductFacts, folder: URL) throws(BenchError) -> TextFloor {
        var floor = TextFloor()
        // Pango units (1/1024 pt) carry the measure's fraction, which --width in points cannot.
        floor.arguments = ["-q", "--dpi=72", "--pango-units", "--width=\(Int((facts.measure * 1024).rounded()))",
                           "--font=\(facts.bodyFont)", "--justify", "--line-spacing=\(facts.lineSpacing)", "--wrap=word",
                           "--language=en_US"]
        let log = folder.appendingPathComponent("text-floor.log")
        var files: [URL] = []
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var chunk: [String] = []
            var size = 0
            func flush() throws {
                guard !chunk.isEmpty else { return }
                let file = folder.appendingPathComponent(String(format: "text-%04d.txt", files.count))
                try Data(chunk.joined(separator: "\n").utf8).write(to: file)
                files.append(file)
                chunk = []
                size = 0
            }
            for paragraph in paragraphs {
                if size + paragraph.count > chunkCharacters { try flush() }
                chunk.append(paragraph)
                size += paragraph.count + 1
                floor.characters += paragraph.count
            }
            try flush()
        } catch {
            throw BenchError("cannot write the text floor's chunks in \(folder.path): \(error)")
        }
        floor.chunks = files.count
        let start = try CommandPool.startCost(.init(program: "pango-view", arguments: floor.arguments + ["--text=x"]), log: log)
        floor.startCosts = start * Double(files.count)
        floor.run = try CommandPool.run(files.map { .init(program: "pango-view", arguments: floor.arguments + [$0.path]) },
                                        parallel: 1, log: log)
        return floor
    }
}
