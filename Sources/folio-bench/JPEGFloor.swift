import Foundation
import Jobs

/// The JPEG work a book cannot avoid, done by libjpeg-turbo's own tools: for every photo ONE
/// decode at the DCT scale its cap needs (djpeg) and ONE encode at the size Folio embeds it
/// (cjpeg at the product's quality, with optimised Huffman tables and the sRGB profile, as
/// Folio's encoder): for an sRGB product the PDF's and the EPUB's JPEG can be the same bytes.
/// A CMYK product needs one more encode per photo, the four-channel print JPEG (FloorImages).
/// Measured one process at a time, and with one process per core.
struct JPEGFloor {
    /// Photos decoded at each DCT scale, in eighths.
    var decodes: [Int: Int] = [:]
    /// Photos encoded at each size, as `1400×1050`.
    var encodes: [String: Int] = [:]
    var inkEncodes = 0
    var quality = 0
    var cores = 1
    var serial = CommandPool.Outcome(wall: 0, cpu: 0, processes: 0)
    var parallel = CommandPool.Outcome(wall: 0, cpu: 0, processes: 0)
    /// What starting every djpeg and cjpeg process costs in all, taken off the floor.
    var startCosts = 0.0

    var serialNet: Double { max(0, serial.wall - startCosts) }
    var parallelNet: Double { max(0, parallel.wall - startCosts / Double(cores)) }

    static func measure(_ photos: [BenchExport.PhotoUse], facts: ProductFacts, pictures: BenchPictures, folder: URL,
                        cores: Int) throws(BenchError) -> JPEGFloor {
        var floor = JPEGFloor(quality: facts.jpegQuality, cores: cores)
        let quality = String(facts.jpegQuality)
        let profile = folder.appendingPathComponent("sRGB.icc")
        let log = folder.appendingPathComponent("jpeg-floor.log")
        var inputs: [String: URL] = [:]
        var commands: [CommandPool.Command] = []
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try facts.sRGBProfile.write(to: profile)
            for photo in photos {
                let cap = PhotoRules.cap(photosInEntry: photo.photosInEntry)
                let (width, height) = (BenchPictures.width, BenchPictures.height)
                let eighths = PhotoRules.dctEighths(longEdge: max(width, height), cap: cap)
                let size = PhotoRules.encodedSize(width: width, height: height, cap: cap)
                floor.decodes[eighths, default: 0] += 1
                floor.encodes["\(size.width)×\(size.height)", default: 0] += 1
                commands.append(.init(program: "djpeg", arguments: ["-memsrc", "-scale", "\(eighths)/8", "-outfile", "/dev/null",
                                                                    photo.file.path]))
                let rgb = try input(photo.picture, size, ink: false, pictures: pictures, folder: folder, made: &inputs)
                commands.append(.init(program: "cjpeg", arguments: ["-quality", quality, "-optimize", "-icc", profile.path, "-memdst",
                                                                    rgb.path]))
                if facts.printsCMYK {
                    let ink = try input(photo.picture, size, ink: true, pictures: pictures, folder: folder, made: &inputs)
                    commands.append(.init(program: "cjpeg", arguments: ["-quality", quality, "-optimize", "-memdst", ink.path]))
                    floor.inkEncodes += 1
                }
            }
        } catch let error as BenchError {
            throw error
        } catch {
            throw BenchError("cannot write the JPEG floor's inputs in \(folder.path): \(error)")
        }
        let decoderStart = try CommandPool.startCost(.init(program: "djpeg", arguments: ["-version"]), log: log)
        let encoderStart = try CommandPool.startCost(.init(program: "cjpeg", arguments: ["-version"]), log: log)
        let decodes = commands.filter { $0.program == "djpeg" }.count
        floor.startCosts = Double(decodes) * decoderStart + Double(commands.count - decodes) * encoderStart
        floor.serial = try CommandPool.run(commands, parallel: 1, log: log)
        floor.parallel = try CommandPool.run(commands, parallel: cores, log: log)
        return floor
    }

    /// The picture at `size`, written once however many photos are copies of it.
    private static func input(_ picture: Int, _ size: (width: Int, height: Int), ink: Bool, pictures: BenchPictures,
                              folder: URL, made: inout [String: URL]) throws -> URL {
        let name = "picture\(picture)-\(size.width)x\(size.height)" + (ink ? "-ink.pgm" : ".ppm")
        if let file = made[name] { return file }
        let file = folder.appendingPathComponent(name)
        let rgb = try pictures.pixels(ofPicture: picture, width: size.width, height: size.height)
        if ink {
            try FloorImages.writeInkPlanes(rgb: rgb, width: size.width, height: size.height, to: file)
        } else {
            try FloorImages.writePPM(rgb: rgb, width: size.width, height: size.height, to: file)
        }
        made[name] = file
        return file
    }
}
