import Foundation

/// The whole photo path, from a file to JPEG bytes ready to embed: decoded at a DCT scale near
/// the cap, converted to the target's colour space, turned upright and resampled in one pass
/// (`PhotoResampler`), held under the product's ink limit (`InkLimiter`), encoded once. A file
/// that is already right is passed through byte for byte. One photo is in memory at a time; a
/// pipeline caches colour transforms and is not for two threads at once.
public final class PhotoPipeline {
    private let converter: ColourConverter
    private let quality: Int
    private let maximumPixels: Int
    private let sRGBProfile: Data?
    private let printsCMYK: Bool
    private let inks: InkLimiter
    /// Told of every CMYK photo without a profile (taken as already in the press's colour).
    private let untagged: UntaggedPhotos?
    public let minimumPPI: Double

    public init(product: Product, untagged: UntaggedPhotos? = nil) {
        printsCMYK = product.printsCMYK
        converter = ColourConverter(intent: product.renderingIntent, blackPointCompensation: product.blackPointCompensation,
                                    cmykProfile: product.printsCMYK ? product.outputColour.data : nil)
        quality = product.jpegQuality
        maximumPixels = product.maximumImagePixels
        sRGBProfile = try? ICCProfile.sRGB()
        minimumPPI = product.minimumImagePPI
        inks = InkLimiter(product: product)
        self.untagged = untagged
    }

    /// The upright size, from headers alone (for layout).
    public func probe(_ file: URL) throws(PhotoError) -> PhotoHeader {
        try PhotoHeader.read(try PhotoReader.load(file), maximumPixels: maximumPixels)
    }

    public func prepare(_ file: URL, cap: Int, for target: PhotoTarget) throws(PhotoError) -> PreparedPhoto {
        let (print, screen) = try prepare(file, cap: cap, print: target == .print, screen: target == .screen)
        guard let photo = target == .print ? print : screen else { throw .unsupported("nothing was prepared") }
        return photo
    }

    /// One decode serves every target asked for: for an sRGB product the print and the screen
    /// photo are the same bytes; for a CMYK one the same pixels are converted twice.
    public func prepare(_ file: URL, cap: Int, print: Bool, screen: Bool) throws(PhotoError) -> (print: PreparedPhoto?, screen: PreparedPhoto?) {
        try prepare(PhotoReader.load(file), cap: cap, print: print, screen: screen, background: .paper) { untagged?.note(file) }
    }

    /// A picture that is no file of the journal's (a colour emoji's bitmap from its font),
    /// flattened onto `background`, for one target.
    public func prepare(bytes: Data, for target: PhotoTarget, background: Backdrop) throws(PhotoError) -> PreparedPhoto {
        let (print, screen) = try prepare(bytes, cap: Int.max, print: target == .print, screen: target == .screen,
                                          background: background) {}
        guard let photo = target == .print ? print : screen else { throw .unsupported("nothing was prepared") }
        return photo
    }

    private func prepare(_ data: Data, cap requested: Int, print: Bool, screen: Bool, background: Backdrop,
                         noteUntagged: () -> Void) throws(PhotoError) -> (print: PreparedPhoto?, screen: PreparedPhoto?) {
        let header = try PhotoHeader.read(data, maximumPixels: maximumPixels)
        let cap = min(requested, max(header.storedWidth, header.storedHeight))
        let image = try PhotoReader.decode(data, header: header, targetLongEdge: cap, background: background)
        if printsCMYK, print, case .cmyk = image.layout, image.iccProfile == nil { noteUntagged() }
        if !printsCMYK {
            let photo = try finish(image, data: data, header: header, cap: cap, cmyk: false)
            return (print ? photo : nil, screen ? photo : nil)
        }
        return (print ? try finish(image, data: data, header: header, cap: cap, cmyk: true) : nil,
                screen ? try finish(image, data: data, header: header, cap: cap, cmyk: false) : nil)
    }

    private func finish(_ image: RasterImage, data: Data, header: PhotoHeader, cap: Int, cmyk: Bool) throws(PhotoError) -> PreparedPhoto {
        if header.format == .jpeg, header.orientation == 1, image.scaleEighths == 8, max(image.width, image.height) <= cap,
           cmyk ? converter.isInPrintSpace(image) && inks.ceiling == nil : image.layout == .rgb && ColourConverter.isSRGB(image.iccProfile) {
            return PreparedPhoto(jpeg: data, pixelWidth: image.width, pixelHeight: image.height, passedThrough: true)
        }
        let pixels = try cmyk ? converter.toCMYK(image) : converter.toCairoRGB(image)
        let upright = PhotoResampler.uprightSize(width: image.width, height: image.height, orientation: header.orientation)
        let scale = min(1, Double(cap) / Double(max(upright.width, upright.height)))
        let width = max(1, Int((Double(upright.width) * scale).rounded()))
        let height = max(1, Int((Double(upright.height) * scale).rounded()))
        let resampled = try PhotoResampler.resample(pixels, width: image.width, height: image.height, orientation: header.orientation,
                                                    format: cmyk ? .fourChannels : .rgb, targetWidth: width, targetHeight: height)
        return PreparedPhoto(jpeg: try encode(resampled, cmyk: cmyk), pixelWidth: width, pixelHeight: height, passedThrough: false)
    }

    /// sRGB with its profile; CMYK inverted as Adobe's marker announces (255 − ink; the PDF
    /// finisher gives such images /Decode [1 0 1 0 1 0 1 0]) and held under the ink limit. The
    /// output intent carries the CMYK profile, so the photo does not repeat it.
    private func encode(_ photo: ResampledPhoto, cmyk: Bool) throws(PhotoError) -> Data {
        let (width, height) = (photo.width, photo.height)
        let encoded: Result<Data, JPEGEncoder.Failure>
        if cmyk {
            let inverted = try photo.inverted()
            encoded = Result { () throws(JPEGEncoder.Failure) in try inks.jpeg(inverted, width: width, height: height) }
        } else {
            encoded = try photo.withPixels { data, stride in
                Result { () throws(JPEGEncoder.Failure) in
                    try JPEGEncoder.encodeCairoRGB(data, width: width, height: height, stride: stride, quality: quality,
                                                   iccProfile: sRGBProfile)
                }
            }
        }
        switch encoded {
        case .success(let jpeg): return jpeg
        case .failure(let failure): throw .unsupported("\(failure)")
        }
    }
}
