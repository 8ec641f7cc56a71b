import Foundation
import FolioCommandLine
import Jobs
import Prepress

/// `folio-bench --photo-formats`: what a photo costs in each format a phone or the web writes
/// (issue 39), beside JPEG's. The bench's eight phone-sized pictures (4032 × 3024) are saved by
/// Pillow and pillow-heif (`scripts/bench_photo_formats.py`), at quality 90 where a format has
/// one. Each goes through Folio's whole photo path (read, decode, colour, upright, resample to a
/// one-photo entry's cap, encode), in this process on one thread, three times over.
enum PhotoFormatBench {
    static let formats: [(name: String, file: String)] = [("JPEG", "jpg"), ("HEIC", "heic"), ("AVIF", "avif"), ("WebP", "webp"),
                                                         ("GIF", "gif"), ("TIFF (LZW)", "tif"), ("PNG", "png")]

    static func run(_ options: BenchOptions, console: Terminal) -> Int32 {
        let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("folio-photo-formats-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        do {
            let product: Product
            do { product = try FolioConfig.load(options.configFile).product(options.product) } catch {
                throw BenchError("cannot read product \(options.product): \(error)")
            }
            console.say("folio-bench --photo-formats: \(options.product); eight \(BenchPictures.width) × \(BenchPictures.height) pictures in \(formats.count) formats")
            let sources = try writeSources(in: root)
            _ = try BenchScript.output(BenchScript.beside(configFile: options.configFile, "bench_photo_formats.py"), sources.map(\.path))
            let pipeline = PhotoPipeline(product: product)
            let cap = PhotoRules.cap(photosInEntry: 1)
            var rows: [(name: String, bytes: Int, milliseconds: Double)] = []
            for format in formats {
                let files = sources.map { $0.deletingPathExtension().appendingPathExtension(format.file) }
                let bytes = try files.reduce(0) { $0 + ((try FileManager.default.attributesOfItem(atPath: $1.path)[.size] as? Int) ?? 0) }
                let start = ContinuousClock.now
                for _ in 0..<3 {
                    for file in files {
                        do { _ = try pipeline.prepare(file, cap: cap, for: .print) } catch {
                            throw BenchError("\(file.lastPathComponent): \(error)")
                        }
                    }
                }
                let elapsed = ContinuousClock.now - start
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                rows.append((format.name, bytes / files.count, seconds * 1000 / Double(3 * files.count)))
            }
            console.say("")
            console.say("| format | file, KB | ms per photo | × JPEG |")
            console.say("| --- | --- | --- | --- |")
            let jpeg = rows[0].milliseconds
            for row in rows {
                console.say(String(format: "| %@ | %d | %.0f | %.2f |", row.name, row.bytes / 1024, row.milliseconds, row.milliseconds / jpeg))
            }
            return 0
        } catch {
            console.complain("bench failed: \(error)")
            return 1
        }
    }

    /// The bench's pictures as PPM files, the sources every format is saved from.
    private static func writeSources(in root: URL) throws -> [URL] {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let pictures: BenchPictures
        do { pictures = try BenchPictures(count: 8, seed: 42) } catch { throw BenchError("cannot draw the bench's pictures: \(error)") }
        return try (0..<8).map { index in
            let file = root.appendingPathComponent("picture\(index).ppm")
            let rgb = try pictures.pixels(ofPicture: index, width: BenchPictures.width, height: BenchPictures.height)
            try FloorImages.writePPM(rgb: rgb, width: BenchPictures.width, height: BenchPictures.height, to: file)
            return file
        }
    }
}
