internal import CTIFF
import Foundation

/// A TIFF file open in libtiff, read from memory, closed with it. libtiff's messages go to the
/// file's own error handler, never to standard error; the first error is what a failure says.
final class TIFFFile {
    private let tiff: OpaquePointer
    private let source: PhotoBytesSource

    init(_ data: Data) throws(PhotoError) {
        let source = PhotoBytesSource(data)
        self.source = source
        guard let options = TIFFOpenOptionsAlloc() else { throw .unsupported("libtiff could not start") }
        defer { TIFFOpenOptionsFree(options) }
        // No single buffer of libtiff's beyond 1 GB, whatever a file's strips claim: a 100 MP
        // picture of 16-bit RGB in one strip needs 600 MB.
        TIFFOpenOptionsSetMaxSingleMemAlloc(options, 1 << 30)
        let handler: TIFFErrorHandlerExtR = { _, user, _, format, arguments in
            guard let user, let format, let arguments else { return 1 }
            let source = Unmanaged<PhotoBytesSource>.fromOpaque(user).takeUnretainedValue()
            if source.message == nil {
                var text = [CChar](repeating: 0, count: 512)
                _ = vsnprintf(&text, text.count, format, arguments)
                source.message = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            return 1
        }
        let quiet: TIFFErrorHandlerExtR = { _, _, _, _, _ in 1 }
        let user = Unmanaged.passUnretained(source).toOpaque()
        TIFFOpenOptionsSetErrorHandlerExtR(options, handler, user)
        TIFFOpenOptionsSetWarningHandlerExtR(options, quiet, nil)
        let opened = TIFFClientOpenExt("photo", "rm", user, { user, buffer, size in
            guard let user, let buffer, size > 0 else { return 0 }
            return tmsize_t(Unmanaged<PhotoBytesSource>.fromOpaque(user).takeUnretainedValue().read(into: buffer, count: Int(size)))
        }, { _, _, _ in 0 }, { user, offset, whence in
            guard let user else { return toff_t(UInt64.max) }
            let source = Unmanaged<PhotoBytesSource>.fromOpaque(user).takeUnretainedValue()
            let base = whence == SEEK_CUR ? source.offset : whence == SEEK_END ? source.bytes.count : 0
            let (target, overflow) = base.addingReportingOverflow(Int(truncatingIfNeeded: Int64(bitPattern: offset)))
            guard !overflow, target >= 0 else { return toff_t(UInt64.max) }
            source.offset = target
            return toff_t(target)
        }, { _ in 0 }, { user in
            guard let user else { return 0 }
            return toff_t(Unmanaged<PhotoBytesSource>.fromOpaque(user).takeUnretainedValue().bytes.count)
        }, { _, _, _ in 0 }, { _, _, _ in }, options)
        guard let opened else { throw .corrupt("libtiff: \(source.message ?? "not a TIFF file")") }
        tiff = opened
    }

    deinit { TIFFClose(tiff) }

    var isTiled: Bool { TIFFIsTiled(tiff) != 0 }

    /// A tag's value, or its default, or nil.
    func field<Value: FixedWidthInteger>(_ tag: UInt32, as type: Value.Type) -> Value? {
        var value: Value = 0
        let found = withUnsafeMutablePointer(to: &value) { pointer in
            withVaList([pointer]) { TIFFVGetFieldDefaulted(tiff, tag, $0) }
        }
        return found == 1 ? value : nil
    }

    func iccProfile() -> Data? {
        var count: UInt32 = 0
        var bytes: UnsafeMutableRawPointer?
        let found = withUnsafeMutablePointer(to: &count) { countPointer in
            withUnsafeMutablePointer(to: &bytes) { bytesPointer in
                withVaList([countPointer, bytesPointer]) { TIFFVGetField(tiff, UInt32(TIFFTAG_ICCPROFILE), $0) }
            }
        }
        guard found == 1, count > 0, let bytes else { return nil }
        return Data(bytes: bytes, count: Int(count))
    }

    /// Interleaved samples read a row at a time, as stored (CMYK inks).
    func scanlines(width: Int, height: Int, bytesPerPixel: Int) throws(PhotoError) -> [UInt8] {
        let rowBytes = width * bytesPerPixel
        guard Int(TIFFScanlineSize(tiff)) == rowBytes else { throw .corrupt("libtiff: rows of an unexpected size") }
        var pixels = [UInt8](repeating: 0, count: rowBytes * height)
        for row in 0..<height {
            let read = pixels.withUnsafeMutableBytes { all in
                all.baseAddress.map { TIFFReadScanline(tiff, $0 + row * rowBytes, UInt32(row), 0) } ?? -1
            }
            guard read == 1 else { throw .corrupt("libtiff: \(source.message ?? "row \(row) cannot be read")") }
        }
        return pixels
    }

    /// RGBA, 8 bits, alpha premultiplied, rows top down as stored: the Orientation tag is set
    /// to top-left first, so that libtiff does not turn the picture (it would only flip it)
    /// and the photo path turns it once, as it turns a JPEG.
    func rgba(width: Int, height: Int) throws(PhotoError) -> [UInt8] {
        _ = withVaList([Int32(ORIENTATION_TOPLEFT)]) { TIFFVSetField(tiff, UInt32(TIFFTAG_ORIENTATION), $0) }
        var raster = [UInt32](repeating: 0, count: width * height)
        let read = raster.withUnsafeMutableBufferPointer {
            TIFFReadRGBAImageOriented(tiff, UInt32(width), UInt32(height), $0.baseAddress, Int32(ORIENTATION_TOPLEFT), 0)
        }
        guard read == 1 else { throw .corrupt("libtiff: \(source.message ?? "the picture cannot be read")") }
        // Each pixel is R, G, B, A from its low byte up (TIFFGetR … TIFFGetA): in a little-endian
        // machine's memory, the bytes in that order.
        return raster.withUnsafeBytes { Array($0) }
    }
}
