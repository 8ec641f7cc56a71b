import Foundation
import Testing
@testable import Prepress

/// Photos turned upright and scaled through pixman (`PhotoResampler`): every EXIF orientation
/// lands each corner where it belongs, four channels are filtered each on its own (never
/// premultiplied), and one-pixel and very long photos come through.
@Suite struct PhotoResamplerTests {
    /// One 4-byte pixel, in memory order (B, G, R, X for RGB; C, M, Y, K for four channels).
    typealias Pixel = [UInt8]

    static let red: Pixel = [0, 0, 255, 255], green: Pixel = [0, 255, 0, 255], blue: Pixel = [255, 0, 0, 255]
    static let white: Pixel = [255, 255, 255, 255]

    /// A stored image in four quadrants: red top left, green top right, blue bottom left, white
    /// bottom right.
    static func quadrants(width: Int, height: Int) -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels += y < height / 2 ? (x < width / 2 ? red : green) : (x < width / 2 ? blue : white)
            }
        }
        return pixels
    }

    /// Which stored corner each EXIF orientation shows at the upright top left, top right,
    /// bottom left and bottom right (TIFF 6.0's definition: 6 is turned a quarter clockwise to
    /// be seen, 8 a quarter anticlockwise, 5 and 7 are those mirrored).
    static let cornersShown: [Int: [Pixel]] = [
        1: [red, green, blue, white], 2: [green, red, white, blue],
        3: [white, blue, green, red], 4: [blue, white, red, green],
        5: [red, blue, green, white], 6: [blue, red, white, green],
        7: [white, green, blue, red], 8: [green, white, red, blue],
    ]

    static func corners(of photo: ResampledPhoto) throws -> [Pixel] {
        let (width, height) = (photo.width, photo.height)
        return try photo.withPixels { data, stride in
            [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)].map { x, y in
                Array(UnsafeBufferPointer(start: data + y * stride + x * 4, count: 4))
            }
        }
    }

    @Test(arguments: 1...8)
    func everyOrientationPutsEachCornerWhereItBelongs(_ orientation: Int) throws {
        let (width, height) = (40, 30)
        let upright = PhotoResampler.uprightSize(width: width, height: height, orientation: orientation)
        #expect(upright == ((5...8).contains(orientation) ? (30, 40) : (40, 30)))
        // At full size (one pixel for one) and at half size (the box filter).
        for divisor in [1, 2] {
            let photo = try PhotoResampler.resample(Self.quadrants(width: width, height: height), width: width, height: height,
                                                    orientation: orientation, format: .rgb,
                                                    targetWidth: upright.width / divisor, targetHeight: upright.height / divisor)
            #expect(photo.width == upright.width / divisor && photo.height == upright.height / divisor)
            let found = try Self.corners(of: photo).map { Array($0.prefix(3)) }
            let expected = try #require(Self.cornersShown[orientation]).map { Array($0.prefix(3)) }
            #expect(found == expected, "orientation \(orientation), 1/\(divisor)")
        }
    }

    /// Colour above black, and colour with no black at all, come out as they went in: pixman's
    /// SRC operator filters the four channels apart. Premultiplied arithmetic would hold C, M
    /// and Y under K, and take a pixel without black to nothing.
    @Test(arguments: [1, 6])
    func fourChannelsAreFilteredEachOnItsOwn(_ orientation: Int) throws {
        let (width, height) = (64, 48)
        let left: Pixel = [200, 100, 50, 10], right: Pixel = [30, 240, 7, 0]
        var pixels: [UInt8] = []
        for _ in 0..<height { for x in 0..<width { pixels += x < width / 2 ? left : right } }
        let upright = PhotoResampler.uprightSize(width: width, height: height, orientation: orientation)
        // A third (the box filter) and nine tenths (bilinear).
        for (targetWidth, targetHeight) in [(upright.width / 3, upright.height / 3), (upright.width * 9 / 10, upright.height * 9 / 10)] {
            let photo = try PhotoResampler.resample(pixels, width: width, height: height, orientation: orientation,
                                                    format: .fourChannels, targetWidth: targetWidth, targetHeight: targetHeight)
            let corners = try Self.corners(of: photo)
            // Orientation 6 turns the stored left half to the top.
            let (first, second) = orientation == 6 ? ((corners[0], corners[1]), (corners[2], corners[3]))
                                                   : ((corners[0], corners[2]), (corners[1], corners[3]))
            #expect(first.0 == left && first.1 == left, "\(targetWidth)×\(targetHeight): \(first)")
            #expect(second.0 == right && second.1 == right, "\(targetWidth)×\(targetHeight): \(second)")
        }
    }

    /// A one-pixel photo in any orientation, and photos thousands of pixels long and a pixel or
    /// two wide (scaled by more than the box filter's 16), keep their one colour.
    @Test func onePixelAndExtremeShapesComeThrough() throws {
        let colour: Pixel = [9, 8, 7, 0]
        let shapes = [(1, 1, 1, 1), (3000, 1, 1000, 1), (1, 3000, 1, 1000), (5000, 2, 250, 1), (2, 5000, 1, 250), (7, 1, 1, 1)]
        for (width, height, targetWidth, targetHeight) in shapes {
            for orientation in 1...8 {
                let pixels = Array([[UInt8]](repeating: colour, count: width * height).joined())
                let turned = PhotoResampler.uprightSize(width: targetWidth, height: targetHeight, orientation: orientation)
                for format in [PixmanImage.Format.rgb, .fourChannels] {
                    let photo = try PhotoResampler.resample(pixels, width: width, height: height, orientation: orientation,
                                                            format: format, targetWidth: turned.width, targetHeight: turned.height)
                    let kept = format == .rgb ? 3 : 4
                    let found = try photo.withPixels { data, stride in
                        (0..<photo.height).allSatisfy { y in
                            (0..<photo.width).allSatisfy { x in
                                (0..<kept).allSatisfy { data[y * stride + x * 4 + $0] == colour[$0] }
                            }
                        }
                    }
                    #expect(found, "\(width)×\(height) → \(turned), orientation \(orientation), \(format)")
                }
            }
        }
    }

    @Test func aPixelBufferOfTheWrongSizeIsRefused() {
        #expect(throws: PhotoError.self) {
            try PhotoResampler.resample([0, 0, 0], width: 1, height: 1, orientation: 1, format: .rgb, targetWidth: 1, targetHeight: 1)
        }
    }

    /// pixman would composite nothing from a source this wide and say nothing: a black photo.
    /// It is refused instead, and becomes a placeholder with a warning.
    @Test func aSourceBeyondPixmansCoordinatesIsRefused() {
        let width = PixmanImage.sideLimit
        #expect(throws: PhotoError.self) {
            try PhotoResampler.resample([UInt8](repeating: 128, count: width * 4), width: width, height: 1, orientation: 1,
                                        format: .rgb, targetWidth: 1000, targetHeight: 1)
        }
    }
}
