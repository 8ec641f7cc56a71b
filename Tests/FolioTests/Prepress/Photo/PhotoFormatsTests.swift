import Foundation
import FolioTestSupport
import Testing
@testable import Jobs
@testable import Prepress

/// One picture saved the ways phones and the web save pictures (issue 39), each by another
/// writer than the library Folio reads it with: HEIC by pillow-heif (libheif's x265), with the
/// phone's `irot` and EXIF 6 together, with `irot` alone and with EXIF 6 alone, with alpha, and
/// Display P3 described by `nclx` alone; WebP and AVIF by Pillow (libwebp, libavif), stills,
/// animations and alpha; GIF by Pillow, with a transparent colour; TIFF with the Adobe RGB
/// profile of a wide-gamut photo, with alpha, 16-bit RGB and 16-bit gray. Printed upright, with
/// the source's aspect ratio and colours, in the PDF and the EPUB, and under a CMYK press's ink
/// limit.
@Suite(.serialized) struct PhotoFormatsTests {
    /// Each picture's file, and what it must look like in the book: the picture it is compared
    /// with (the lossless PNG, or the gray one); nil for the half-transparent ones, compared by
    /// halves.
    struct Picture {
        var file: String
        var reference: String?
    }

    static let pictures: [Picture] = [
        Picture(file: "reference.png", reference: "reference.png"),
        Picture(file: "plain.heic", reference: "reference.png"),
        Picture(file: "phone.heic", reference: "reference.png"),
        Picture(file: "irot.heic", reference: "reference.png"),
        Picture(file: "exif.heic", reference: "reference.png"),
        Picture(file: "still.webp", reference: "reference.png"),
        Picture(file: "animated.webp", reference: "reference.png"),
        Picture(file: "transparent.webp", reference: nil),
        Picture(file: "transparent.heic", reference: nil),
        Picture(file: "p3-reference.png", reference: "p3-reference.png"),
        Picture(file: "p3.heic", reference: "p3-reference.png"),
        Picture(file: "still.avif", reference: "reference.png"),
        Picture(file: "still.gif", reference: "reference.png"),
        Picture(file: "animated.gif", reference: "reference.png"),
        Picture(file: "transparent.gif", reference: nil),
        Picture(file: "adobergb.tif", reference: "reference.png"),
        Picture(file: "rgb16.tif", reference: "reference.png"),
        Picture(file: "transparent.tif", reference: nil),
        Picture(file: "gray.png", reference: "gray.png"),
        Picture(file: "gray16.tif", reference: "gray.png"),
    ]

    /// Writes every picture of `pictures` into `folder` from a wide-gamut corpus photo cropped to
    /// 3:2. The phone's HEIC is stored sideways with EXIF 6, which pillow-heif writes as `irot`
    /// too, as an iPhone does; `irot.heic` is it with EXIF 1, `exif.heic` with its `irot`
    /// property renamed `free` (which libheif skips) so that only EXIF turns it.
    static let make = """
        import sys
        from PIL import Image
        import pillow_heif
        pillow_heif.register_heif_opener()
        corpus, folder = sys.argv[1], sys.argv[2]
        box = (0, 200, 1200, 1000)
        picture = Image.open(corpus + '/color/prism_pizza-rgb8-srgb.jpg').convert('RGB').crop(box)
        picture.save(folder + '/reference.png')
        picture.save(folder + '/plain.heic', quality=95)
        exif = Image.Exif()
        exif[0x0112] = 6
        picture.transpose(Image.Transpose.ROTATE_90).save(folder + '/phone.heic', quality=95, exif=exif.tobytes())
        phone = open(folder + '/phone.heic', 'rb').read()
        assert phone.count(b'irot') == 1, 'pillow-heif wrote no irot'
        tag = phone.find(bytes.fromhex('0112000300000001'))
        assert tag > 0 and phone[tag + 8:tag + 10] == bytes.fromhex('0006'), 'no EXIF orientation 6'
        open(folder + '/irot.heic', 'wb').write(phone[:tag + 8] + bytes.fromhex('0001') + phone[tag + 10:])
        open(folder + '/exif.heic', 'wb').write(phone.replace(b'irot', b'free'))
        black = Image.new('RGB', picture.size, (0, 0, 0))
        picture.save(folder + '/still.webp', quality=95)
        picture.save(folder + '/animated.webp', save_all=True, append_images=[black], duration=100, quality=95)
        clear = picture.convert('RGBA')
        clear.paste((255, 0, 0, 0), (600, 0, 1200, 400))
        clear.paste((0, 0, 255, 128), (600, 400, 1200, 800))
        clear.save(folder + '/transparent.webp', lossless=True)
        clear.save(folder + '/transparent.heic', quality=95)
        clear.save(folder + '/transparent.tif', compression='tiff_lzw')
        paletted = picture.quantize(255)
        paletted.paste(255, (600, 0, 1200, 800))
        paletted.save(folder + '/transparent.gif', transparency=255)
        # Display P3 patches described by nclx alone (primaries 12, sRGB's curve), no ICC; their
        # sRGB reference converted by Little CMS in Pillow from the corpus's Display P3 profile.
        # Read as sRGB, they would be off by ΔE 3.5 to 12.8.
        import io
        from PIL import ImageCms
        p3 = Image.new('RGB', (1200, 800))
        colours = [(200, 60, 60), (60, 170, 80), (70, 90, 200), (230, 200, 60), (150, 60, 170), (60, 180, 190)]
        for index, colour in enumerate(colours):
            p3.paste(colour, (index % 3 * 400, index // 3 * 400, index % 3 * 400 + 400, index // 3 * 400 + 400))
        p3.save(folder + '/p3.heic', quality=95, color_primaries=12, transfer_characteristics=13, matrix_coefficients=6,
                full_range_flag=1)
        displayp3 = Image.open(corpus + '/color/prism_pizza-rgb8-displayp3.jpg').info['icc_profile']
        ImageCms.profileToProfile(p3, ImageCms.ImageCmsProfile(io.BytesIO(displayp3)), ImageCms.createProfile('sRGB'),
                                  renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC).save(folder + '/p3-reference.png')
        picture.save(folder + '/still.avif', quality=95)
        picture.save(folder + '/still.gif')
        picture.save(folder + '/animated.gif', save_all=True, append_images=[black], duration=100)
        wide = Image.open(corpus + '/color/prism_pizza-rgb8-adobergb.jpg')
        wide.crop(box).save(folder + '/adobergb.tif', compression='tiff_lzw', icc_profile=wide.info['icc_profile'])
        # 16 bits a channel, RGB: written by hand (Pillow writes no 16-bit RGB TIFF), uncompressed.
        import struct
        width, height = picture.size
        samples = struct.pack('<%dH' % (width * height * 3), *(value * 257 for value in picture.tobytes()))
        entries = [(256, 3, 1, width), (257, 3, 1, height), (258, 3, 3, 8 + 2 + 11 * 12 + 4), (259, 3, 1, 1), (262, 3, 1, 2),
                   (273, 4, 1, 8 + 2 + 11 * 12 + 4 + 6), (277, 3, 1, 3), (278, 3, 1, height), (279, 4, 1, len(samples)),
                   (284, 3, 1, 1), (274, 3, 1, 1)]
        entries.sort()
        directory = struct.pack('<H', len(entries)) + b''.join(
            struct.pack('<HHI', tag, kind, count) + (struct.pack('<HH', value, 0) if kind == 3 and count == 1 else struct.pack('<I', value))
            for tag, kind, count, value in entries) + struct.pack('<I', 0)
        open(folder + '/rgb16.tif', 'wb').write(b'II*' + bytes(1) + struct.pack('<I', 8) + directory + struct.pack('<3H', 16, 16, 16) + samples)
        gray = picture.convert('L')
        gray.save(folder + '/gray.png')
        gray.point(lambda v: v * 257, 'I').convert('I;16').save(folder + '/gray16.tif')
        """

    /// A diary of one entry per picture, in `pictures`' order, the same order as the PDF's images.
    static func workspace() throws -> Workspace {
        let workspace = try Workspace()
        let photos = workspace.exports.appendingPathComponent("formats/photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let made = try Tool.run("python3", ["-c", make, corpusRoot.appendingPathComponent("photos").path, photos.path])
        try #require(made.status == 0, "\(made.errors)")
        let entries = pictures.enumerated().map { index, picture in
            Sample.entry(String(format: "p%02d", index), String(format: "2025-01-%02dT10:00:00Z", index + 1), text: picture.file,
                         photos: [["file": "photos/\(picture.file)", "caption": picture.file]])
        }
        try JSONSerialization.data(withJSONObject: Sample.journal(entries))
            .write(to: workspace.exports.appendingPathComponent("formats/journal.json"))
        return workspace
    }

    @Test func everyFormatIsPrintedUprightInItsColours() throws {
        let workspace = try Self.workspace()
        let (report, folder) = try workspace.render(Sample.order(id: "formats", export: "formats", outputs: ["interior", "epub"]), name: "formats")
        #expect(report.status == .done, "\(String(describing: report.error))")
        let photoFindings = report.preflight.filter { $0.code.hasPrefix("photo-") }
        #expect(photoFindings.isEmpty, "\(photoFindings)")
        let pdf = folder.appendingPathComponent("interior.pdf")
        #expect(!(try Tool.pdfText(pdf).joined().contains("Photo unavailable")))
        let images = workspace.root.appendingPathComponent("images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        _ = try Tool.run("pdfimages", ["-png", pdf.path, images.appendingPathComponent("i").path])
        let grids = try FileManager.default.contentsOfDirectory(at: images, includingPropertiesForKeys: nil)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }.map { try ImageGrid.load($0) }
        try #require(grids.count == Self.pictures.count)
        for (picture, grid) in zip(Self.pictures, grids) {
            let aspect = Double(grid.width) / Double(grid.height)
            #expect(abs(aspect - 1.5) < 0.02, "\(picture.file): \(grid.width)×\(grid.height) is not the source's 3:2")
            guard let name = picture.reference, let reference = Self.pictures.firstIndex(where: { $0.file == name }) else { continue }
            let difference = grid.difference(grids[reference])
            // 3 % of the scale; a turned or mirrored picture differs by far more.
            #expect(difference < 0.03 * 255, "\(picture.file) differs from its source by \(difference)")
            // Colour by colour: the Adobe RGB TIFF read without its profile is off by ΔE 3.8 on
            // average and 14.5 at worst, the P3 HEIC without its nclx by 9.2 and 13.1; every
            // picture here is within 0.75 and 3.
            let colour = grid.deltaE(grids[reference])
            #expect(colour.mean < 2 && colour.max < 6, "\(picture.file): ΔE mean \(colour.mean), max \(colour.max)")
        }
        // The transparent half is the paper's white; the other half the picture.
        // The right half's top, transparent, is the paper's white; its bottom, blue at half
        // alpha, is blue half on white (GIF has no half: its right half is all transparent);
        // the left half is the picture. The grid is 12 × 12 cells, row by row.
        for (picture, transparent) in zip(Self.pictures, grids) where picture.reference == nil {
            for (index, cell) in transparent.cells.enumerated() {
                let (row, column) = (index / 12, index % 12)
                if column >= 7 && (row < 5 || picture.file.hasSuffix(".gif")) {
                    #expect(cell.allSatisfy { $0 > 250 }, "\(picture.file), cell \(index) of the transparent half: \(cell)")
                }
                if column >= 7 && row >= 7 && !picture.file.hasSuffix(".gif") {
                    #expect(zip(cell, [127.5, 127.5, 255]).allSatisfy { abs($0 - $1) < 8 }, "\(picture.file), cell \(index) at half alpha: \(cell)")
                }
                if column < 5 {
                    let reference = grids[0].cells[index]
                    #expect(zip(cell, reference).allSatisfy { abs($0 - $1) < 0.05 * 255 }, "\(picture.file), cell \(index): \(cell) against \(reference)")
                }
            }
        }
        // The EPUB carries each as an sRGB JPEG.
        let unpacked = workspace.root.appendingPathComponent("epub")
        _ = try Tool.run("unzip", ["-q", "-o", folder.appendingPathComponent("book.epub").path, "-d", unpacked.path])
        let pictures = try FileManager.default.contentsOfDirectory(at: unpacked.appendingPathComponent("OEBPS/images"), includingPropertiesForKeys: nil)
        let jpegs = try pictures.filter { try Data(contentsOf: $0).starts(with: [0xFF, 0xD8, 0xFF]) && $0.pathExtension == "jpg" }
        #expect(jpegs.count == pictures.count && pictures.count >= Self.pictures.count, "\(pictures.map(\.lastPathComponent))")
        #expect(!pictures.contains { $0.lastPathComponent == "placeholder.jpg" })
    }

    /// The console's page thumbnails are drawn by the same painter from the same photos: the
    /// page of each picture shows its colours, where a placeholder would be gray.
    @Test func theConsolesThumbnailsShowEveryFormat() throws {
        let workspace = try Self.workspace()
        let (file, data) = try workspace.writeOrder(Sample.order(id: "thumbs", export: "formats"), name: "thumbs.json")
        var pipeline = Pipeline(config: try workspace.config)
        pipeline.thumbnails = true
        let folder = workspace.jobs.appendingPathComponent("thumbs")
        let report = pipeline.run(orderData: data, orderFile: file.path, into: folder)
        #expect(report.status == .done, "\(String(describing: report.error))")
        let pages = try Tool.pdfText(folder.appendingPathComponent("interior.pdf"))
        // How far each thumbnail's pixels are from gray, on average (0 for a gray placeholder).
        let colourfulness = """
            import sys
            from PIL import Image
            for name in sys.argv[1:]:
                pixels = Image.open(name).convert('RGB').getdata()
                print(sum(max(p) - min(p) for p in pixels) / len(pixels))
            """
        let colourful = Self.pictures.filter { !$0.file.hasPrefix("gray") }
        let thumbnails = try colourful.map { picture in
            // The caption, under the photo, is the last line that is the file's name.
            let page = try #require(pages.lastIndex { $0.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == picture.file } },
                                    "\(picture.file) is on no page")
            return folder.appendingPathComponent(PageThumbnail.folder).appendingPathComponent(PageThumbnail.name(page + 1)).path
        }
        let readings = try Tool.run("python3", ["-c", colourfulness] + thumbnails).output.split(separator: "\n").compactMap { Double($0) }
        try #require(readings.count == colourful.count, "\(readings)")
        for (picture, reading) in zip(colourful, readings) {
            #expect(reading > 8, "\(picture.file)'s page thumbnail is gray (\(reading))")
        }
    }

    /// A file cut short, in each format, is a placeholder and a warning naming it; the book is made.
    @Test func aBrokenFileOfEachFormatIsAPlaceholderNamingIt() throws {
        let workspace = try Self.workspace()
        let export = workspace.exports.appendingPathComponent("formats")
        let broken = ["plain.heic", "still.avif", "still.webp", "still.gif", "adobergb.tif"]
        let entries = try broken.enumerated().map { index, name in
            let bytes = try Data(contentsOf: export.appendingPathComponent("photos/\(name)"))
            try bytes.prefix(bytes.count / 3).write(to: export.appendingPathComponent("photos/cut-\(name)"))
            return Sample.entry("b\(index)", String(format: "2025-03-%02dT10:00:00Z", index + 1), text: "Cut \(name).",
                                photos: [["file": "photos/cut-\(name)"]])
        }
        try JSONSerialization.data(withJSONObject: Sample.journal(entries)).write(to: export.appendingPathComponent("journal.json"))
        let (report, folder) = try workspace.render(Sample.order(id: "broken", export: "formats"), name: "broken")
        #expect(report.status == .done, "one bad photo never stops the book")
        for (index, name) in broken.enumerated() {
            let finding = report.preflight.first { $0.entry == "b\(index)" && $0.code.hasPrefix("photo-") }
            #expect(finding?.severity == .warning && finding?.message.contains("cut-\(name)") == true, "\(name): \(String(describing: finding))")
        }
        let text = try Tool.pdfText(folder.appendingPathComponent("interior.pdf")).joined()
        #expect(text.components(separatedBy: "Photo unavailable").count - 1 == broken.count)
    }

    /// The interior, and a cover made of the phone's HEIC.
    @Test func onACMYKPressEveryFormatStaysUnderTheInkLimit() throws {
        let workspace = try Self.workspace()
        var order = Sample.order(id: "inks", export: "formats", outputs: ["interior", "cover"], extra: ["product": "a5-softcover-fogra39"])
        var book = order["book"] as? [String: Any] ?? [:]
        book["cover"] = ["preset": "photo", "photo": "photos/phone.heic"]
        order["book"] = book
        let (report, folder) = try workspace.render(order, name: "inks")
        #expect(report.status == .done, "\(String(describing: report.error))")
        #expect(!report.preflight.contains { $0.code.hasPrefix("photo-") || $0.code == "ink-limit-exceeded" }, "\(report.preflight)")
        for file in ["interior.pdf", "cover.pdf"] {
            let reading = try Tool.run("python3", ["-c", InkLimitTests.ghostscriptAreaInk, folder.appendingPathComponent(file).path]).output
                .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ", maxSplits: 2).map(String.init)
            #expect(reading.first == "0", "\(file): Ghostscript said \(reading.dropFirst(2))")
            let highest = try #require(reading.dropFirst().first.flatMap(Double.init))
            #expect(highest <= 330, "\(file): Ghostscript finds \(highest) % over a square millimetre; the limit is 330 %")
        }
        #expect(try !PDFChecks.imageColours(folder.appendingPathComponent("cover.pdf")).isEmpty, "the cover holds its photo")
    }

    /// The container's rotation is read from its boxes; libheif applies it, EXIF then counts for nothing.
    @Test func aHEIFTransformIsFoundInThePrimaryImagesProperties() throws {
        let workspace = try Self.workspace()
        let photos = workspace.exports.appendingPathComponent("formats/photos")
        func data(_ name: String) throws -> Data { try Data(contentsOf: photos.appendingPathComponent(name)) }
        #expect(HEIFTransforms.primaryHasTransform(try data("phone.heic")))
        #expect(HEIFTransforms.primaryHasTransform(try data("irot.heic")))
        #expect(!HEIFTransforms.primaryHasTransform(try data("exif.heic")))
        #expect(!HEIFTransforms.primaryHasTransform(try data("plain.heic")))
        let header = try PhotoHeader.read(try data("exif.heic"), maximumPixels: 100_000_000)
        #expect(header.format == .heic && header.orientation == 6 && header.uprightWidth == 1200 && header.uprightHeight == 800)
        let phone = try PhotoHeader.read(try data("phone.heic"), maximumPixels: 100_000_000)
        #expect(phone.orientation == 1 && phone.uprightWidth == 1200 && phone.uprightHeight == 800)
        #expect(try PhotoHeader.read(try data("still.avif"), maximumPixels: 100_000_000).format == .avif)
    }

    /// Read by their bytes, never their names: a WebP named .jpg and a HEIC named .png are
    /// printed and said misnamed; an AVIF named .heif is HEIF's own and said nothing of.
    @Test func aPictureIsReadByItsBytesWhateverItsName() throws {
        let workspace = try Self.workspace()
        let export = workspace.exports.appendingPathComponent("formats")
        let renamed = [("still.webp", "webp-named.jpg"), ("still.avif", "avif-named.heif"), ("plain.heic", "heic-named.png")]
        let entries = try renamed.enumerated().map { index, names in
            try FileManager.default.copyItem(at: export.appendingPathComponent("photos/\(names.0)"), to: export.appendingPathComponent("photos/\(names.1)"))
            return Sample.entry("n\(index)", String(format: "2025-04-%02dT10:00:00Z", index + 1), text: names.1, photos: [["file": "photos/\(names.1)"]])
        }
        try JSONSerialization.data(withJSONObject: Sample.journal(entries)).write(to: export.appendingPathComponent("journal.json"))
        let (report, folder) = try workspace.render(Sample.order(id: "names", export: "formats"), name: "names")
        #expect(report.status == .done)
        let misnamed = report.preflight.filter { $0.code == "photo-misnamed" }
        #expect(misnamed.map(\.entry) == ["n0", "n2"], "\(misnamed)")
        #expect(misnamed.first?.message.contains("a WebP image with a .jpg name") == true, "\(misnamed)")
        #expect(!report.preflight.contains { $0.code.hasPrefix("photo-") && $0.code != "photo-misnamed" }, "\(report.preflight)")
        #expect(try PDFChecks.imageColours(folder.appendingPathComponent("interior.pdf")).count == renamed.count)
    }

    /// An `nclx` made a profile is the same bytes from one second to the next: one transform
    /// cached for every picture that says it, and the same book twice the same bytes.
    @Test func aColourDescriptionMakesTheSameProfileEachTime() throws {
        func displayP3() -> Data? {
            ICCProfile.rgb(white: (0.3127, 0.3290), red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060))
        }
        let first = try #require(displayP3())
        Thread.sleep(forTimeInterval: 1.1)
        #expect(displayP3() == first)
    }

    /// The sniffer: signatures and `ftyp` brands, a video's not among them.
    @Test func aFormatIsKnownByItsBytes() throws {
        for picture in Self.pictures {
            let suffix = (picture.file as NSString).pathExtension
            let expected = PhotoHeader.Format(fileExtension: suffix)
            #expect(expected != nil, "\(picture.file)")
        }
        #expect(PhotoHeader.Format(sniffing: Data("RIFF\0\0\0\0WEBPVP8 ".utf8)) == .webp)
        #expect(PhotoHeader.Format(sniffing: Data([0, 0, 0, 0x1C] + Array("ftypmif1\0\0\0\0mif1avif".utf8))) == .avif)
        #expect(PhotoHeader.Format(sniffing: Data([0, 0, 0, 0x18] + Array("ftypheic\0\0\0\0mif1heic".utf8))) == .heic)
        #expect(PhotoHeader.Format(sniffing: Data([0, 0, 0, 0x18] + Array("ftypmp42\0\0\0\0isommp42".utf8))) == nil, "a video is no picture")
        #expect(PhotoHeader.Format(sniffing: Data("GIF89a".utf8)) == .gif)
        #expect(PhotoHeader.Format(sniffing: Data([0x4D, 0x4D, 0, 42])) == .tiff)
        #expect(PhotoHeader.Format(sniffing: Data("<svg".utf8)) == nil)
    }
}
