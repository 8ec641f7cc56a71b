import Foundation
import Prepress

/// Where a prepared photo goes: the printed PDF (the product's output space, sRGB or CMYK), or
/// a screen (EPUB, cover.jpg, previews: always sRGB).
enum PhotoTarget {
    case print
    case screen
}

/// Turns a photo file into JPEG bytes ready to embed: decoded at a DCT scale near the cap,
/// converted to the target's colour space, turned upright and resampled in one Cairo paint
/// (pixman's filtered scaling), re-encoded once. A file that is already right is passed
/// through byte for byte. One photo is in memory at a time.
final class PhotoPreparer {
    private let converter: ColourConverter
    private let quality: Int
    private let maximumPixels: Int
    private let sRGBProfile: Data?
    private let printsCMYK: Bool
    /// The most ink a print pixel may carry, 0–1020 (four channels of 255), when the product limits it.
    private let inkCeiling: Int?
    /// The limit the delivered bytes are held to (the stricter of the interior's and the
    /// cover's), and the widest a photo prints: the area the limit is judged over.
    private let inkLimitPercent: Double?
    private let placedWidthMM: Double
    /// Told of every CMYK photo without a profile (taken as already in the press's colour).
    private let untagged: UntaggedPhotos?
    let minimumPPI: Double

    init(product: Product, untagged: UntaggedPhotos? = nil) {
        printsCMYK = product.printsCMYK
        converter = ColourConverter(intent: product.renderingIntent, blackPointCompensation: product.blackPointCompensation,
                                    cmykProfile: product.printsCMYK ? product.outputColour.data : nil)
        quality = product.jpegQuality
        maximumPixels = product.maximumImagePixels
        sRGBProfile = try? ICCProfile.sRGB()
        minimumPPI = product.minimumImagePPI
        // A few percent under the limit: JPEG's own error moves single pixels by about that much.
        inkLimitPercent = product.photoInkLimitPercent
        inkCeiling = inkLimitPercent.map { Int(((($0 - Self.inkMargin) / 100) * 255).rounded(.down)) }
        placedWidthMM = product.trimWidthMM + 2 * product.bleedMM
        self.untagged = untagged
    }

    /// Percent of total ink the photos keep below the product's limit.
    static let inkMargin = 4.0

    /// The upright size, from headers alone (for layout).
    func probe(_ file: URL) throws(PhotoError) -> PhotoHeader {
        try PhotoHeader.read(try PhotoReader.load(file), maximumPixels: maximumPixels)
    }

    func prepare(_ file: URL, cap: Int, for target: PhotoTarget) throws(PhotoError) -> PreparedPhoto {
        let (print, screen) = try prepare(file, cap: cap, print: target == .print, screen: target == .screen)
        guard let photo = target == .print ? print : screen else { throw .unsupported("nothing was prepared") }
        return photo
    }

    /// One decode serves every target asked for: for an sRGB product the print and the screen
    /// photo are the same bytes; for a CMYK one the same pixels are converted twice.
    func prepare(_ file: URL, cap: Int, print: Bool, screen: Bool) throws(PhotoError) -> (print: PreparedPhoto?, screen: PreparedPhoto?) {
        let data = try PhotoReader.load(file)
        let header = try PhotoHeader.read(data, maximumPixels: maximumPixels)
        let image = try PhotoReader.decode(data, header: header, targetLongEdge: cap)
        if printsCMYK, print, case .cmyk = image.layout, image.iccProfile == nil { untagged?.note(file) }
        if !printsCMYK {
            let photo = try finish(image, data: data, header: header, cap: cap, cmyk: false)
            return (print ? photo : nil, screen ? photo : nil)
        }
        return (print ? try finish(image, data: data, header: header, cap: cap, cmyk: true) : nil,
                screen ? try finish(image, data: data, header: header, cap: cap, cmyk: false) : nil)
    }

    private func finish(_ image: RasterImage, data: Data, header: PhotoHeader, cap: Int, cmyk: Bool) throws(PhotoError) -> PreparedPhoto {
        if header.format == .jpeg, header.orientation == 1, image.scaleEighths == 8, max(image.width, image.height) <= cap,
           cmyk ? converter.isInPrintSpace(image) && inkCeiling == nil : image.layout == .rgb && ColourConverter.isSRGB(image.iccProfile) {
            return PreparedPhoto(jpeg: data, pixelWidth: image.width, pixelHeight: image.height, passedThrough: true)
        }
        var pixels = try cmyk ? converter.toCMYK(image) : converter.toCairoRGB(image)
        let upright = header.orientation >= 5 ? (image.height, image.width) : (image.width, image.height)
        let scale = min(1, Double(cap) / Double(max(upright.0, upright.1)))
        let width = max(1, Int((Double(upright.0) * scale).rounded()))
        let height = max(1, Int((Double(upright.1) * scale).rounded()))
        // withUnsafeMutableBytes only rethrows untyped errors: carry the typed one out in a Result.
        let result = pixels.withUnsafeMutableBytes { raw -> Result<PreparedPhoto, PhotoError> in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return .failure(.corrupt("no pixels")) }
            return Result { () throws(PhotoError) -> PreparedPhoto in
                try resample(base, image: image, orientation: header.orientation, upright: upright,
                             width: width, height: height, cmyk: cmyk)
            }
        }
        return try result.get()
    }

    /// Holds every pixel's total ink at `ceiling` by taking C, M and Y down in proportion (black
    /// keeps the detail), as a RIP's total-area-coverage limit does. `pixels` are inverted CMYK.
    static func limitInk(_ pixels: inout [UInt8], ceiling: Int) {
        for start in stride(from: 0, to: pixels.count - 3, by: 4) {
            let c = 255 - Int(pixels[start]), m = 255 - Int(pixels[start + 1]), y = 255 - Int(pixels[start + 2])
            let k = 255 - Int(pixels[start + 3])
            guard c + m + y + k > ceiling, c + m + y > 0 else { continue }
            let room = max(0, ceiling - k)
            let scale = Double(room) / Double(c + m + y)
            pixels[start] = UInt8(255 - Int((Double(c) * scale).rounded(.down)))
            pixels[start + 1] = UInt8(255 - Int((Double(m) * scale).rounded(.down)))
            pixels[start + 2] = UInt8(255 - Int((Double(y) * scale).rounded(.down)))
        }
    }

    /// The CMYK photo's JPEG, its total ink held under the product's limit in the bytes that
    /// ship: limited before encoding, then — unless it is far enough under — decoded again and
    /// judged by the verifier's own rule (`InkCoverage`), tightened and encoded again while
    /// the encoder's error still puts it over. At most `inkAttempts` encodings.
    private func limitedJPEG(_ inverted: [UInt8], width: Int, height: Int) throws -> Data {
        guard let inkCeiling, let limit = inkLimitPercent else {
            return try JPEGEncoder.encode(pixels: inverted, width: width, height: height, components: 4, quality: quality)
        }
        let window = InkCoverage.window(pixelWidth: width, placedWidthMM: placedWidthMM)
        var ceiling = inkCeiling
        var jpeg = Data()
        for attempt in 0..<Self.inkAttempts {
            var pixels = inverted
            Self.limitInk(&pixels, ceiling: ceiling)
            jpeg = try JPEGEncoder.encode(pixels: pixels, width: width, height: height, components: 4, quality: quality)
            // JPEG moves a square millimetre's average by well under the margin: no need to look.
            if attempt == 0, pixels.withUnsafeBufferPointer({
                InkCoverage.highestPercent($0, width: width, height: height, inverted: true, window: window)
            }) <= limit - Self.inkMargin * 2 { return jpeg }
            guard let after = InkCoverage.highestPercent(ofJPEG: jpeg, placedWidthMM: placedWidthMM), after > limit else { return jpeg }
            // Down by the overshoot and a point more (a low-resolution photo's window is a
            // single pixel, which JPEG moves most); the last try halves the ceiling.
            let overshoot = Int(((after - limit + 1) / 100 * 255).rounded(.up))
            ceiling = attempt == Self.inkAttempts - 2 ? ceiling / 2 : ceiling - max(3, overshoot)
        }
        return jpeg
    }

    /// Encodings a photo may take to come under the limit.
    static let inkAttempts = 5

    /// Turns and scales the pixels (`PhotoResampling`), then encodes them: sRGB with its
    /// profile, CMYK held under the ink limit.
    private func resample(_ base: UnsafeMutablePointer<UInt8>, image: RasterImage, orientation: Int,
                          upright: (Int, Int), width: Int, height: Int, cmyk: Bool) throws(PhotoError) -> PreparedPhoto {
        let jpeg: Data
        do {
            let target = try PhotoResampling.resample(base, width: image.width, height: image.height, orientation: orientation,
                                                      upright: upright, targetWidth: width, targetHeight: height,
                                                      format: cmyk ? .fourChannels : .rgb)
            jpeg = try target.withPixels { data, stride in
                if cmyk {
                    // Adobe's convention, which libjpeg's Adobe marker announces: 255 − ink. The PDF
                    // finisher gives such images /Decode [1 0 1 0 1 0 1 0]. The output intent carries
                    // the profile, so the photo does not repeat it.
                    var inverted = [UInt8](repeating: 0, count: width * height * 4)
                    for row in 0..<height {
                        for offset in 0..<(width * 4) { inverted[row * width * 4 + offset] = 255 - data[row * stride + offset] }
                    }
                    return try limitedJPEG(inverted, width: width, height: height)
                }
                return try JPEGEncoder.encodeCairoRGB(data, width: width, height: height, stride: stride,
                                                      quality: quality, iccProfile: sRGBProfile)
            }
        } catch let error as RenderError {
            throw .unsupported("cannot resample to \(width)×\(height): \(error.message)")
        } catch {
            throw .unsupported("\(error)")
        }
        return PreparedPhoto(jpeg: jpeg, pixelWidth: width, pixelHeight: height, passedThrough: false)
    }
}
