internal import CGIF
import Foundation

/// GIF through giflib, its only reader: the first frame, as a still is meant to be seen, on
/// its logical screen (grown to hold the frame where a writer made the screen too small), its
/// transparent colour and uncovered screen showing what the picture stands on. Record by record,
/// so that an animation's later frames are never decoded.
enum GIFDecoder {
    static func header(_ data: Data) throws(PhotoError) -> PhotoHeader {
        let file = try GIFFile(data)
        let frame = try file.firstFrame()
        let canvas = file.canvas(holding: frame)
        return PhotoHeader(format: .gif, storedWidth: canvas.width, storedHeight: canvas.height, components: 3, orientation: 1)
    }

    static func decode(_ data: Data, background: Backdrop) throws(PhotoError) -> RasterImage {
        let file = try GIFFile(data)
        let frame = try file.firstFrame()
        let canvas = file.canvas(holding: frame)
        guard frame.width > 0, frame.height > 0 else { throw .corrupt("giflib: the first frame has no pixels") }
        var pixels = [UInt8](repeating: 0, count: canvas.width * canvas.height * 3)
        for index in 0..<(canvas.width * canvas.height) {
            pixels[index * 3] = background.red
            pixels[index * 3 + 1] = background.green
            pixels[index * 3 + 2] = background.blue
        }
        let colours = try file.colours(of: frame)
        var line = [GifPixelType](repeating: 0, count: frame.width)
        for row in frame.rowOrder {
            try file.readLine(&line)
            let y = frame.top + row
            for x in 0..<frame.width {
                let index = Int(line[x])
                guard index != frame.transparent, index < colours.count else { continue }
                let at = (y * canvas.width + frame.left + x) * 3
                (pixels[at], pixels[at + 1], pixels[at + 2]) = colours[index]
            }
        }
        return RasterImage(pixels: pixels, width: canvas.width, height: canvas.height, layout: .rgb, iccProfile: nil, scaleEighths: 8)
    }
}

/// A GIF file open in giflib, read from memory, closed with it.
private final class GIFFile {
    struct Frame {
        var left: Int, top: Int, width: Int, height: Int
        var interlaced: Bool
        var transparent: Int
        let localColours: UnsafeMutablePointer<ColorMapObject>?

        /// The rows in the order the file stores them: GIF's four interlace passes, or top down.
        var rowOrder: [Int] {
            guard interlaced else { return Array(0..<height) }
            return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
        }
    }

    private let file: UnsafeMutablePointer<GifFileType>
    private let source: PhotoBytesSource

    init(_ data: Data) throws(PhotoError) {
        // Read through `UserData`.
        source = PhotoBytesSource(data)
        var status: Int32 = 0
        let read: InputFunc = { gif, buffer, count in
            guard let gif, let buffer, count > 0, let user = gif.pointee.UserData else { return 0 }
            return Int32(Unmanaged<PhotoBytesSource>.fromOpaque(user).takeUnretainedValue().read(into: buffer, count: Int(count)))
        }
        guard let file = DGifOpen(Unmanaged.passUnretained(source).toOpaque(), read, &status) else {
            throw .corrupt("giflib: \(Self.message(status))")
        }
        self.file = file
    }

    deinit {
        var status: Int32 = 0
        _ = DGifCloseFile(file, &status)
    }

    /// Reads up to the first image's descriptor, taking the transparent colour of the graphic
    /// control extension before it.
    func firstFrame() throws(PhotoError) -> Frame {
        var transparent = -1
        var record = UNDEFINED_RECORD_TYPE
        while true {
            guard DGifGetRecordType(file, &record) == GIF_OK else { throw failure() }
            switch record {
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(file) == GIF_OK else { throw failure() }
                let image = file.pointee.Image
                return Frame(left: Int(image.Left), top: Int(image.Top), width: Int(image.Width), height: Int(image.Height),
                             interlaced: image.Interlace, transparent: transparent, localColours: image.ColorMap)
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(file, &code, &block) == GIF_OK else { throw failure() }
                if code == GRAPHICS_EXT_FUNC_CODE, let block, block[0] >= 4 {
                    var control = GraphicsControlBlock()
                    if DGifExtensionToGCB(Int(block[0]), block + 1, &control) == GIF_OK { transparent = Int(control.TransparentColor) }
                }
                while block != nil {
                    guard DGifGetExtensionNext(file, &block) == GIF_OK else { throw failure() }
                }
            case TERMINATE_RECORD_TYPE:
                throw .corrupt("giflib: the file holds no picture")
            default:
                throw failure()
            }
        }
    }

    /// The logical screen, grown to hold the first frame.
    func canvas(holding frame: Frame) -> (width: Int, height: Int) {
        (max(Int(file.pointee.SWidth), frame.left + frame.width), max(Int(file.pointee.SHeight), frame.top + frame.height))
    }

    /// The frame's own colour table, else the file's.
    func colours(of frame: Frame) throws(PhotoError) -> [(UInt8, UInt8, UInt8)] {
        guard let map = frame.localColours ?? file.pointee.SColorMap, let entries = map.pointee.Colors else {
            throw .corrupt("giflib: the picture has no colour table")
        }
        return (0..<Int(max(0, map.pointee.ColorCount))).map { (entries[$0].Red, entries[$0].Green, entries[$0].Blue) }
    }

    func readLine(_ line: inout [GifPixelType]) throws(PhotoError) {
        let status = line.withUnsafeMutableBufferPointer { DGifGetLine(file, $0.baseAddress, Int32($0.count)) }
        guard status == GIF_OK else { throw failure() }
    }

    private func failure() -> PhotoError { .corrupt("giflib: \(Self.message(file.pointee.Error))") }

    private static func message(_ status: Int32) -> String {
        GifErrorString(status).map { String(cString: $0) } ?? "error \(status)"
    }
}
