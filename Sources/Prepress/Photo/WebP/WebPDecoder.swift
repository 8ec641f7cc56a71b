internal import CWebP
import Foundation

/// WebP through libwebp, its only reader: a still picture whole, an animation's first frame
/// (`WebPAnimDecoder`), with the ICC profile and EXIF orientation of its `ICCP` and `EXIF`
/// chunks (libwebp's demuxer).
enum WebPDecoder {
    static func header(_ data: Data) throws(PhotoError) -> PhotoHeader {
        try data.withUnsafeBytes { raw in Result { () throws(PhotoError) -> PhotoHeader in
            let bytes = raw.bindMemory(to: UInt8.self)
            var features = WebPBitstreamFeatures()
            let status = WebPGetFeatures(bytes.baseAddress, bytes.count, &features)
            guard status == VP8_STATUS_OK else { throw .corrupt("libwebp: status \(status.rawValue)") }
            let orientation = chunk("EXIF", in: bytes).map { EXIFOrientation.orientation(tiff: Self.tiff(inEXIF: $0)) } ?? 1
            return PhotoHeader(format: .webp, storedWidth: Int(features.width), storedHeight: Int(features.height), components: 3,
                               orientation: orientation)
        } }.get()
    }

    /// The picture, or an animation's first frame, flattened onto `background`.
    static func decode(_ data: Data, header: PhotoHeader, background: Backdrop) throws(PhotoError) -> RasterImage {
        try data.withUnsafeBytes { raw in Result { () throws(PhotoError) -> RasterImage in
            let bytes = raw.bindMemory(to: UInt8.self)
            var features = WebPBitstreamFeatures()
            guard WebPGetFeatures(bytes.baseAddress, bytes.count, &features) == VP8_STATUS_OK else { throw .corrupt("libwebp: no header") }
            let width = header.storedWidth, height = header.storedHeight
            var rgba = [UInt8](repeating: 0, count: width * height * 4)
            if features.has_animation != 0 {
                try firstFrame(bytes, into: &rgba, width: width, height: height)
            } else {
                let decoded = rgba.withUnsafeMutableBufferPointer { out in
                    WebPDecodeRGBAInto(bytes.baseAddress, bytes.count, out.baseAddress, out.count, Int32(width * 4))
                }
                guard decoded != nil else { throw .corrupt("libwebp could not decode the picture") }
            }
            let pixels = rgba.withUnsafeBufferPointer { background.flatten(rgba: $0, pixels: width * height) }
            return RasterImage(pixels: pixels, width: width, height: height, layout: .rgb,
                               iccProfile: chunk("ICCP", in: bytes).map { Data($0) }, scaleEighths: 8)
        } }.get()
    }

    private static func firstFrame(_ bytes: UnsafeBufferPointer<UInt8>, into rgba: inout [UInt8], width: Int, height: Int) throws(PhotoError) {
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw .unsupported("libwebp could not start") }
        options.color_mode = MODE_RGBA
        var webp = WebPData(bytes: bytes.baseAddress, size: bytes.count)
        guard let decoder = WebPAnimDecoderNew(&webp, &options) else { throw .corrupt("libwebp could not read the animation") }
        defer { WebPAnimDecoderDelete(decoder) }
        // The frame is the animation's canvas: the size the header said, or no copy is made.
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0, Int(info.canvas_width) == width, Int(info.canvas_height) == height else {
            throw .corrupt("libwebp: the animation's canvas is not the size its header says")
        }
        var frame: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let frame else {
            throw .corrupt("libwebp could not decode the animation's first frame")
        }
        rgba.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(start: frame, count: width * height * 4)) }
    }

    /// A chunk's payload (`ICCP`, `EXIF`), when the file has one.
    private static func chunk(_ fourCC: String, in bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var webp = WebPData(bytes: bytes.baseAddress, size: bytes.count)
        guard let demuxer = WebPDemux(&webp) else { return nil }
        defer { WebPDemuxDelete(demuxer) }
        var iterator = WebPChunkIterator()
        guard WebPDemuxGetChunk(demuxer, fourCC, 1, &iterator) != 0 else { return nil }
        defer { WebPDemuxReleaseChunkIterator(&iterator) }
        guard let start = iterator.chunk.bytes else { return nil }
        return Array(UnsafeBufferPointer(start: start, count: iterator.chunk.size))
    }

    /// Some writers put JPEG's "Exif\0\0" before the TIFF structure; most do not.
    private static func tiff(inEXIF payload: [UInt8]) -> [UInt8] {
        payload.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) ? Array(payload.dropFirst(6)) : payload
    }
}
