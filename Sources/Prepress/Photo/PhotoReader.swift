import Foundation

/// Reads one photo file: header first (bomb check), then pixels at the scale the target needs.
public enum PhotoReader {
    /// The largest file Folio reads at all; anything bigger is no phone photo.
    public static let maximumFileBytes = 200 * 1024 * 1024

    public static func load(_ file: URL) throws(PhotoError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) else { throw .missing }
        if isDirectory.boolValue { throw .notAnImage("a folder") }
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        if size > maximumFileBytes { throw .unreadable("\(size) bytes is larger than any photo Folio accepts") }
        do {
            return try Data(contentsOf: file)
        } catch {
            throw .unreadable(error.localizedDescription)
        }
    }

    /// `background`: what a transparent pixel shows (JPEG has none). Only JPEG is decoded at a
    /// reduced scale; the others whole, then resampled like every photo.
    public static func decode(_ data: Data, header: PhotoHeader, targetLongEdge: Int,
                              background: Backdrop = .paper) throws(PhotoError) -> RasterImage {
        switch header.format {
        case .jpeg: try JPEGDecoder.decode(data, header: header, targetLongEdge: targetLongEdge)
        case .png: try PNGDecoder.decode(data, background: background)
        case .heic, .avif: try HEIFDecoder.decode(data, background: background)
        case .webp: try WebPDecoder.decode(data, header: header, background: background)
        case .gif: try GIFDecoder.decode(data, background: background)
        case .tiff: try TIFFDecoder.decode(data, header: header, background: background)
        }
    }
}
