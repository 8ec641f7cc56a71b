import CJPEGShim
import CPNG
import Foundation

/// What a photo file is, read from its first bytes and headers only: enough to lay it out and
/// to refuse a decompression bomb before decoding a single pixel.
public struct PhotoHeader: Sendable, Equatable {
    public enum Format: String, Sendable, Equatable, CaseIterable {
        case jpeg, png, heic, avif, webp, gif, tiff
    }

    public var format: Format
    /// As stored in the file.
    public var storedWidth: Int
    public var storedHeight: Int
    public var components: Int
    /// EXIF orientation 1…8 (anything else counts as 1).
    public var orientation: Int

    /// Width and height as the photo is meant to be seen (orientations 5–8 swap them).
    public var uprightWidth: Int { orientation >= 5 ? storedHeight : storedWidth }
    public var uprightHeight: Int { orientation >= 5 ? storedWidth : storedHeight }

    public static func read(_ data: Data, maximumPixels: Int) throws(PhotoError) -> PhotoHeader {
        let header: PhotoHeader
        switch Format(sniffing: data) {
        case .jpeg: header = try readJPEG(data)
        case .png: header = try readPNG(data)
        case .heic: header = try HEIFDecoder.header(data, format: .heic, maximumPixels: maximumPixels)
        case .avif: header = try HEIFDecoder.header(data, format: .avif, maximumPixels: maximumPixels)
        case .webp: header = try WebPDecoder.header(data)
        case .gif: header = try GIFDecoder.header(data)
        case .tiff: header = try TIFFDecoder.header(data)
        case nil:
            throw .notAnImage(data.isEmpty ? "the file is empty" : "starts with bytes \(data.prefix(4).map { String(format: "%02X", $0) }.joined(separator: " "))")
        }
        guard header.storedWidth > 0, header.storedHeight > 0 else { throw .corrupt("zero size") }
        // Multiplied without trapping: a TIFF may claim 4 billion pixels a side.
        let (pixels, overflow) = header.storedWidth.multipliedReportingOverflow(by: header.storedHeight)
        if overflow || pixels > maximumPixels {
            throw .tooLarge(width: header.storedWidth, height: header.storedHeight, limit: maximumPixels)
        }
        return header
    }

    private static func readJPEG(_ data: Data) throws(PhotoError) -> PhotoHeader {
        var info = folio_jpeg_info()
        var message = [CChar](repeating: 0, count: 200)
        let status = data.withUnsafeBytes { raw in
            folio_jpeg_read_info(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &info, &message, message.count)
        }
        guard status == 0 else {
            let text = String(cString: message)
            // An 8-bit libjpeg cannot read 12-bit files: the file is fine, Folio cannot print it.
            if text.contains("Unsupported JPEG data precision") { throw .unsupported("libjpeg: \(text)") }
            throw .corrupt("libjpeg: \(text)")
        }
        guard info.precision == 8 else { throw .unsupported("\(info.precision)-bit JPEG; only 8-bit JPEG can be printed") }
        return PhotoHeader(format: .jpeg, storedWidth: Int(info.width), storedHeight: Int(info.height),
                           components: Int(info.components), orientation: EXIFOrientation.read(jpeg: data))
    }

    private static func readPNG(_ data: Data) throws(PhotoError) -> PhotoHeader {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let ok = data.withUnsafeBytes { raw in png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) }
        defer { png_image_free(&image) }
        guard ok != 0 else { throw .corrupt("libpng: \(PNGDecoder.message(image))") }
        return PhotoHeader(format: .png, storedWidth: Int(image.width), storedHeight: Int(image.height), components: 3,
                           orientation: 1)
    }
}
