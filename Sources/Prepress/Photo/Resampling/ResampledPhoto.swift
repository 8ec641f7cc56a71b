/// A resampled photo's pixels, 4 bytes each: in pixman's image, or the decoded pixels themselves
/// when nothing had to move.
struct ResampledPhoto {
    private let image: PixmanImage?
    private let pixels: [UInt8]
    let width: Int
    let height: Int

    init(image: PixmanImage) {
        self.image = image
        pixels = []
        width = image.width
        height = image.height
    }

    init(pixels: [UInt8], width: Int, height: Int) {
        image = nil
        self.pixels = pixels
        self.width = width
        self.height = height
    }

    /// The pixels and the bytes a row.
    func withPixels<T>(_ body: (UnsafePointer<UInt8>, _ stride: Int) -> T) throws(PhotoError) -> T {
        if let image { return try image.withPixels(body) }
        let result = pixels.withUnsafeBufferPointer { buffer in buffer.baseAddress.map { body($0, width * 4) } }
        guard let result else { throw .corrupt("no pixels") }
        return result
    }

    /// Four-channel pixels as packed bytes, each 255 − its value (Adobe's CMYK convention).
    func inverted() throws(PhotoError) -> [UInt8] {
        let (width, height) = (width, height)
        return try withPixels { data, stride in
            var inverted = [UInt8](repeating: 0, count: width * height * 4)
            for row in 0..<height {
                for offset in 0..<(width * 4) { inverted[row * width * 4 + offset] = 255 - data[row * stride + offset] }
            }
            return inverted
        }
    }
}
