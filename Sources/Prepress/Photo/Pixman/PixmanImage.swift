import CPixman

/// Owns one pixman image: made in a good state or not at all, released with its owner. Every
/// pixman pointer of Folio lives here; every call that can fail is checked and fails typed.
final class PixmanImage {
    /// How a pixel is kept: RGB (0x00RRGGBB words) or four channels filtered each on its own
    /// (a8r8g8b8: CMYK rides through it as B, G, R, A, never premultiplied under `SRC`).
    enum Format {
        case rgb
        case fourChannels

        var pixman: pixman_format_code_t { self == .rgb ? PIXMAN_x8r8g8b8 : PIXMAN_a8r8g8b8 }
    }

    /// How the source is sampled between its pixels.
    enum Filter {
        case nearest
        case bilinear
        /// pixman's separable convolution with these parameters (`BoxConvolution`).
        case separableConvolution([Int32])
    }

    private let pointer: OpaquePointer
    let width: Int
    let height: Int

    /// pixman composites nothing at all (and says nothing) from or to an image this many pixels
    /// on a side or more: its coordinates are 16.16 fixed point.
    static let sideLimit = 0x7FFF

    private init(_ pointer: OpaquePointer, width: Int, height: Int) {
        self.pointer = pointer
        self.width = width
        self.height = height
    }

    deinit { _ = pixman_image_unref(pointer) }

    /// A new image of `width × height` pixels, cleared, in memory pixman owns.
    convenience init(width: Int, height: Int, format: Format) throws(PhotoError) {
        self.init(try Self.create(format, width: width, height: height, bits: nil, rowBytes: 0), width: width, height: height)
    }

    /// An image over `pixels` (`width × 4` bytes a row), which pixman reads in place: only for
    /// the length of `body`, while they are sure to exist.
    static func reading<T>(_ pixels: UnsafeMutableRawPointer, width: Int, height: Int, format: Format,
                           _ body: (PixmanImage) throws(PhotoError) -> T) throws(PhotoError) -> T {
        let image = PixmanImage(try create(format, width: width, height: height,
                                           bits: pixels.assumingMemoryBound(to: UInt32.self), rowBytes: width * 4),
                                width: width, height: height)
        return try body(image)
    }

    private static func create(_ format: Format, width: Int, height: Int, bits: UnsafeMutablePointer<UInt32>?,
                               rowBytes: Int) throws(PhotoError) -> OpaquePointer {
        guard width > 0, height > 0, width < sideLimit, height < sideLimit, let stride = Int32(exactly: rowBytes) else {
            throw .unsupported("\(width)×\(height) pixels: pixman resamples images under \(sideLimit) pixels a side")
        }
        guard let image = pixman_image_create_bits(format.pixman, Int32(width), Int32(height), bits, stride) else {
            throw .unsupported("pixman could not make a \(width)×\(height) image")
        }
        return image
    }

    /// How the image is read as a source: through `transform` (target to source pixels), with
    /// `filter`, its edge pixels repeated outwards (pad).
    func sample(through transform: PixmanTransform, filter: Filter) throws(PhotoError) {
        var matrix = transform.transform
        guard pixman_image_set_transform(pointer, &matrix) != 0 else { throw .unsupported("pixman refused the photo's transform") }
        let set: pixman_bool_t
        switch filter {
        case .nearest: set = pixman_image_set_filter(pointer, PIXMAN_FILTER_NEAREST, nil, 0)
        case .bilinear: set = pixman_image_set_filter(pointer, PIXMAN_FILTER_BILINEAR, nil, 0)
        case .separableConvolution(let parameters):
            set = parameters.withUnsafeBufferPointer {
                pixman_image_set_filter(pointer, PIXMAN_FILTER_SEPARABLE_CONVOLUTION, $0.baseAddress, Int32($0.count))
            }
        }
        guard set != 0 else { throw .unsupported("pixman refused the resampling filter") }
        pixman_image_set_repeat(pointer, PIXMAN_REPEAT_PAD)
    }

    /// Fills this whole image from `source` with the `SRC` operator, reading it from
    /// (`x`, `y`) in the source's transformed space.
    func fill(from source: PixmanImage, x: Int, y: Int) throws(PhotoError) {
        guard let x = Int32(exactly: x), let y = Int32(exactly: y) else { throw .unsupported("the photo's offset is out of range") }
        pixman_image_composite32(PIXMAN_OP_SRC, source.pointer, nil, pointer, x, y, 0, 0, 0, 0, Int32(width), Int32(height))
    }

    /// The pixels and the bytes a row.
    func withPixels<T>(_ body: (UnsafePointer<UInt8>, _ stride: Int) -> T) throws(PhotoError) -> T {
        guard let data = pixman_image_get_data(pointer) else { throw .unsupported("the resampled photo has no pixels") }
        return body(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), Int(pixman_image_get_stride(pointer)))
    }
}
