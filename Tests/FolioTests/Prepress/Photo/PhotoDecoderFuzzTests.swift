import Foundation
import FolioTestSupport
import Testing
@testable import Prepress

/// Every decoder of issue 39 fed what the world sends: its own small pictures truncated and
/// with bytes changed, dimensions claiming billions of pixels, and decompression bombs (one
/// colour over 160 to 400 megapixels in a few kilobytes). Each ends as a picture or a
/// `PhotoError` (a placeholder with a finding in a book), never a crash or a hang; the
/// megapixel cap refuses the giants from their headers, before a pixel is decoded.
@Suite struct PhotoDecoderFuzzTests {
    static let formats = ["heic", "avif", "webp", "animated.webp", "gif", "tif", "16.tif", "cmyk.tif"]

    /// Small pictures (so that a thousand decodes stay quick), and the bombs.
    static let make = """
        import sys
        from PIL import Image
        import pillow_heif
        pillow_heif.register_heif_opener()
        folder = sys.argv[1]
        picture = Image.radial_gradient('L').resize((96, 64)).convert('RGB')
        picture.paste((200, 30, 60), (10, 10, 40, 30))
        picture.save(folder + '/small.heic', quality=80)
        picture.save(folder + '/small.avif', quality=80)
        picture.save(folder + '/small.webp', quality=80)
        picture.save(folder + '/small.animated.webp', save_all=True, append_images=[picture.rotate(90)], duration=50)
        picture.save(folder + '/small.gif')
        picture.save(folder + '/small.tif', compression='tiff_lzw')
        picture.convert('L').point(lambda v: v * 257, 'I').convert('I;16').save(folder + '/small.16.tif')
        picture.convert('CMYK').save(folder + '/small.cmyk.tif', compression='tiff_adobe_deflate')
        """

    static let makeBombs = """
        import sys
        from PIL import Image
        folder = sys.argv[1]
        Image.new('L', (16000, 16000), 7).save(folder + '/bomb.webp', lossless=True)
        Image.new('1', (20000, 20000), 1).save(folder + '/bomb.tif', compression='group4')
        Image.new('P', (12000, 14000), 3).save(folder + '/bomb.gif')
        # 4,000,000,000 pixels a side in 40 strips of 16 bytes: libtiff opens it and says so;
        # width × height does not fit in 64 bits.
        import struct
        side, rows = 4_000_000_000, 100_000_000
        strips = side // rows
        first = 8 + 2 + 9 * 12 + 4
        entries = [(256, 4, 1, side), (257, 4, 1, side), (258, 3, 1, 8), (259, 3, 1, 1), (262, 3, 1, 1),
                   (273, 4, strips, first), (277, 3, 1, 1), (278, 4, 1, rows), (279, 4, strips, first + 4 * strips)]
        directory = struct.pack('<H', len(entries)) + b''.join(
            struct.pack('<HHI', tag, kind, count) + (struct.pack('<HH', value, 0) if kind == 3 and count == 1 else struct.pack('<I', value))
            for tag, kind, count, value in entries) + struct.pack('<I', 0)
        data = first + 8 * strips
        open(folder + '/bomb-overflow.tif', 'wb').write(b'II*' + bytes(1) + struct.pack('<I', 8) + directory
                                                         + struct.pack('<%dI' % strips, *([data] * strips))
                                                         + struct.pack('<%dI' % strips, *([16] * strips)) + bytes(16))
        """

    static func pictures(bombs: Bool = false) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-fuzz-photos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let made = try Tool.run("python3", ["-c", bombs ? makeBombs : make, folder.path])
        try #require(made.status == 0, "\(made.errors)")
        return folder
    }

    /// Reads as the photo path does: header (and its cap) first, then the pixels.
    static func read(_ data: Data, maximumPixels: Int = 100_000_000) -> Result<RasterImage, PhotoError> {
        Result { () throws(PhotoError) in
            let header = try PhotoHeader.read(data, maximumPixels: maximumPixels)
            return try PhotoReader.decode(data, header: header, targetLongEdge: 4096)
        }
    }

    @Test(arguments: formats)
    func brokenFilesAreErrorsNeverCrashes(_ format: String) throws {
        let folder = try Self.pictures()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try Data(contentsOf: folder.appendingPathComponent("small.\(format)"))
        let whole = try Self.read(original).get()
        #expect(whole.width == 96 && whole.height == 64, "\(format): \(whole.width)×\(whole.height)")
        var random = FuzzRandom(seed: 39 &+ UInt64(format.utf8.reduce(0) { $0 &* 31 &+ Int($1) }.magnitude))
        var outcomes = (pictures: 0, errors: 0)
        func count(_ result: Result<RasterImage, PhotoError>) {
            switch result {
            case .success(let image):
                outcomes.pictures += 1
                #expect(image.pixels.count == image.width * image.height * image.layout.components)
            case .failure: outcomes.errors += 1
            }
        }
        // Cut anywhere: in the signature, the headers, the boxes, the compressed data.
        for length in Set((0..<40).map { $0 * original.count / 40 } + (0..<40).map { _ in random.next(original.count) }) {
            count(Self.read(original.prefix(length)))
        }
        // Bytes changed: mostly where the headers, boxes and tables are, some anywhere.
        for _ in 0..<300 {
            var bytes = [UInt8](original)
            for _ in 0..<(1 + random.next(8)) {
                let at = random.next(2) == 0 ? random.next(min(bytes.count, 512)) : random.next(bytes.count)
                bytes[at] = random.pick([0, 0xFF, 0x7F, 0x80, UInt8(random.next(256))])
            }
            count(Self.read(Data(bytes)))
        }
        #expect(outcomes.errors > 0 && outcomes.pictures > 0, "\(format): \(outcomes)")
    }

    /// The cap holds before decoding, whether the header claims the size or the pixels are there.
    @Test func giantsAreRefusedFromTheirHeaders() throws {
        let folder = try Self.pictures(), bombs = try Self.pictures(bombs: true)
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: bombs)
        }
        func data(_ name: String) throws -> [UInt8] {
            [UInt8](try Data(contentsOf: (name.hasPrefix("bomb") ? bombs : folder).appendingPathComponent(name)))
        }
        // Refused by Folio's cap, not by a library's own complaint.
        func expectRefused(_ bytes: [UInt8], _ label: String) {
            switch Self.read(Data(bytes)) {
            case .success(let image): Issue.record("\(label): decoded \(image.width)×\(image.height)")
            case .failure(let error): if case .tooLarge = error {} else { Issue.record("\(label): \(error)") }
            }
        }
        for bomb in ["bomb.webp", "bomb.tif", "bomb.gif", "bomb-overflow.tif"] {
            let bytes = try data(bomb)
            #expect(bytes.count < 2_000_000, "\(bomb) is \(bytes.count) bytes")
            guard case .failure(.tooLarge) = Self.read(Data(bytes)) else {
                Issue.record("\(bomb) was not refused as too large")
                continue
            }
        }
        // GIF's logical screen, little-endian at bytes 6–9.
        var gif = try data("small.gif")
        gif.replaceSubrange(6..<10, with: [0xFF, 0xFF, 0xFF, 0xFF])
        expectRefused(gif, "a GIF of 65535 × 65535")
        // HEIF's and AVIF's `ispe`: version and flags, then width and height, big-endian: 12000
        // × 12000, within libheif's own limit of 32768 a side, over the cap.
        for name in ["small.heic", "small.avif"] {
            var heif = try data(name)
            var at = 0
            while let found = heif[at...].firstIndex(of: 0x69) {
                if heif[found..<min(found + 4, heif.count)].elementsEqual(Array("ispe".utf8)) {
                    heif.replaceSubrange((found + 8)..<(found + 16), with: [0, 0, 0x2E, 0xE0, 0, 0, 0x2E, 0xE0])
                }
                at = found + 1
            }
            expectRefused(heif, "\(name) claiming 12000 × 12000")
        }
        // A TIFF's ImageWidth and ImageLength (tags 256 and 257, one SHORT each as Pillow writes
        // a small picture's): 60000 each.
        var tiff = try data("small.tif")
        for tag: UInt8 in [0, 1] {
            let entry: [UInt8] = [tag, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00]
            guard let found = (0..<(tiff.count - 12)).first(where: { tiff[$0..<($0 + 8)].elementsEqual(entry) }) else {
                Issue.record("no tag \(256 + Int(tag)) as one SHORT in Pillow's TIFF")
                continue
            }
            tiff.replaceSubrange((found + 8)..<(found + 10), with: [0x60, 0xEA])
        }
        expectRefused(tiff, "a TIFF of 60000 × 60000")
    }
}
