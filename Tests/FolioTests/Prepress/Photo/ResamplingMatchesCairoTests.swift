import CPangoCairo
import Foundation
import FolioTestSupport
import Testing
@testable import Prepress

/// `PhotoResampler` gives the bytes Cairo's paint gave (Render resampled photos with one
/// `cairo_paint` until issue 27): every corpus photo in every EXIF orientation, RGB and four
/// channels, and a sweep of sizes through each of Cairo's filters. Cairo is still linked for
/// Render's drawing, so its paint is the reference here; should Cairo go, this suite goes with it.
@Suite struct ResamplingMatchesCairoTests {
    /// The paint Render made: SOURCE, GOOD, PAD, scaled to the target and turned by the
    /// orientation. Returns the target's rows packed, `targetWidth × 4` bytes each.
    static func cairoPaint(_ pixels: [UInt8], width: Int, height: Int, orientation: Int, fourChannels: Bool,
                           targetWidth: Int, targetHeight: Int) throws -> [UInt8] {
        let format = fourChannels ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24
        var source = pixels
        return try source.withUnsafeMutableBytes { raw in
            let data = try #require(raw.baseAddress?.assumingMemoryBound(to: UInt8.self))
            let image = try #require(cairo_image_surface_create_for_data(data, format, Int32(width), Int32(height), Int32(width * 4)))
            defer { cairo_surface_destroy(image) }
            let target = try #require(cairo_image_surface_create(format, Int32(targetWidth), Int32(targetHeight)))
            defer { cairo_surface_destroy(target) }
            let cairo = try #require(cairo_create(target))
            defer { cairo_destroy(cairo) }
            let upright = PhotoResampler.uprightSize(width: width, height: height, orientation: orientation)
            cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
            cairo_scale(cairo, Double(targetWidth) / Double(upright.width), Double(targetHeight) / Double(upright.height))
            let turn = AffineMatrix.orientation(orientation, width: Double(width), height: Double(height))
            var matrix = cairo_matrix_t(xx: turn.xx, yx: turn.yx, xy: turn.xy, yy: turn.yy, x0: turn.x0, y0: turn.y0)
            cairo_transform(cairo, &matrix)
            cairo_set_source_surface(cairo, image, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
            cairo_paint(cairo)
            #expect(cairo_status(cairo) == CAIRO_STATUS_SUCCESS)
            cairo_surface_flush(target)
            let bytes = try #require(cairo_image_surface_get_data(target))
            let stride = Int(cairo_image_surface_get_stride(target))
            return packed(bytes, stride: stride, width: targetWidth, height: targetHeight)
        }
    }

    static func packed(_ data: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int) -> [UInt8] {
        var rows: [UInt8] = []
        rows.reserveCapacity(width * height * 4)
        for row in 0..<height { rows.append(contentsOf: UnsafeBufferPointer(start: data + row * stride, count: width * 4)) }
        return rows
    }

    /// Nil when Cairo's paint and `PhotoResampler` give the same bytes; else how they differ.
    static func compare(_ pixels: [UInt8], width: Int, height: Int, orientation: Int, fourChannels: Bool,
                        targetWidth: Int, targetHeight: Int) throws -> String? {
        let reference = try cairoPaint(pixels, width: width, height: height, orientation: orientation, fourChannels: fourChannels,
                                       targetWidth: targetWidth, targetHeight: targetHeight)
        let photo = try PhotoResampler.resample(pixels, width: width, height: height, orientation: orientation,
                                                format: fourChannels ? .fourChannels : .rgb,
                                                targetWidth: targetWidth, targetHeight: targetHeight)
        let ours = try photo.withPixels { packed($0, stride: $1, width: photo.width, height: photo.height) }
        guard reference.count == ours.count else { return "\(ours.count) bytes, Cairo \(reference.count)" }
        let same = reference.withUnsafeBytes { left in
            ours.withUnsafeBytes { right in
                guard let left = left.baseAddress, let right = right.baseAddress else { return false }
                return memcmp(left, right, reference.count) == 0
            }
        }
        if same { return nil }
        // RGB's fourth byte is unused: whatever each wrote there is not the photo.
        let differing = reference.indices.filter { index in
            (fourChannels || index % 4 != 3) && reference[index] != ours[index]
        }
        guard let first = differing.first else { return nil }
        let largest = differing.map { abs(Int(reference[$0]) - Int(ours[$0])) }.max() ?? 0
        return "\(differing.count) bytes differ (first at pixel \(first / 4), by up to \(largest))"
    }

    /// A photo's own pixels as four channels: its B, G, R and, for the fourth, a value that
    /// varies across the picture and reaches 0, as black in a CMYK photo does.
    static func fourChannels(_ pixels: [UInt8]) -> [UInt8] {
        var channels = pixels
        for index in stride(from: 3, to: channels.count, by: 4) {
            channels[index] = channels[index - 2] < 40 ? 0 : channels[index - 2] ^ 0x5A
        }
        return channels
    }

    static let corpusPhotos: [String] = {
        let folder = corpusRoot.appendingPathComponent("photos")
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return files.filter { $0.pathExtension.lowercased() == "jpg" }
            .map { String($0.path.dropFirst(folder.path.count + 1)) }.sorted()
    }()

    @Test(arguments: corpusPhotos)
    func everyCorpusPhotoInEveryOrientation(_ name: String) throws {
        let data = try Data(contentsOf: corpusRoot.appendingPathComponent("photos/\(name)"))
        let header: PhotoHeader
        let image: RasterImage
        do {
            header = try PhotoHeader.read(data, maximumPixels: 100_000_000)
            image = try PhotoReader.decode(data, header: header, targetLongEdge: 1000)
        } catch {
            return  // the corpus's broken files: nothing to resample
        }
        let rgb = try ColourConverter().toCairoRGB(image)
        for orientation in 1...8 {
            let upright = PhotoResampler.uprightSize(width: image.width, height: image.height, orientation: orientation)
            let scale = min(1, 1000 / Double(max(upright.width, upright.height)))
            let size = (max(1, Int((Double(upright.width) * scale).rounded())), max(1, Int((Double(upright.height) * scale).rounded())))
            for four in [false, true] where !four || orientation == 1 || orientation == 6 || orientation == header.orientation {
                let difference = try Self.compare(four ? Self.fourChannels(rgb) : rgb, width: image.width, height: image.height,
                                                  orientation: orientation, fourChannels: four, targetWidth: size.0, targetHeight: size.1)
                #expect(difference == nil, "\(name), orientation \(orientation), \(four ? "four channels" : "RGB"): \(difference ?? "")")
            }
        }
    }

    /// Noise of a few sizes to targets through every path of Cairo's choosing: one for one,
    /// bilinear (shrinking by less than 1/0.75), exactly half, the box filter, beyond its 16×
    /// clamp, uneven axes and one-pixel results.
    @Test func aSweepOfSizesThroughEveryFilter() throws {
        var generator = SeededNoise(seed: 27)
        for (width, height) in [(37, 23), (200, 150), (64, 64), (1, 40), (3000, 2)] {
            let pixels = (0..<(width * height * 4)).map { _ in generator.next() }
            var targets: [(Int, Int)] = [(1, 1)]
            for factor in [1.0, 0.9, 0.76, 0.74, 0.5, 0.37, 0.25, 0.1, 0.05, 0.03] {
                targets.append((max(1, Int(Double(width) * factor)), max(1, Int(Double(height) * factor))))
                targets.append((max(1, Int(Double(width) * factor)), max(1, Int(Double(height) * (1 - factor / 2)))))
            }
            for (targetWidth, targetHeight) in targets {
                for orientation in 1...8 {
                    let turned = PhotoResampler.uprightSize(width: targetWidth, height: targetHeight, orientation: orientation)
                    for four in [false, true] {
                        let difference = try Self.compare(four ? Self.fourChannels(pixels) : pixels, width: width, height: height,
                                                          orientation: orientation, fourChannels: four,
                                                          targetWidth: turned.width, targetHeight: turned.height)
                        #expect(difference == nil, "\(width)×\(height) → \(turned), orientation \(orientation), four channels \(four): \(difference ?? "")")
                    }
                }
            }
        }
    }

    /// The one place the bytes part on purpose: Cairo turns a one-pixel sample into a solid
    /// colour, and a four-channel pixel whose fourth channel (black) is 0 into nothing at all;
    /// pixman's own composite keeps the pixel. With any black, both keep it.
    @Test func aOnePixelPhotoWithoutBlackKeepsItsColour() throws {
        for orientation in 2...8 {
            let ours = try PhotoResampler.resample([9, 8, 7, 0], width: 1, height: 1, orientation: orientation, format: .fourChannels,
                                                   targetWidth: 1, targetHeight: 1)
            #expect(try ours.withPixels { data, _ in Array(UnsafeBufferPointer(start: data, count: 4)) } == [9, 8, 7, 0])
            #expect(try Self.cairoPaint([9, 8, 7, 0], width: 1, height: 1, orientation: orientation, fourChannels: true,
                                        targetWidth: 1, targetHeight: 1) == [0, 0, 0, 0])
            #expect(try Self.compare([9, 8, 7, 1], width: 1, height: 1, orientation: orientation, fourChannels: true,
                                     targetWidth: 1, targetHeight: 1) == nil)
        }
    }
}

/// A small deterministic byte generator (xorshift), so the sweep is the same every run.
struct SeededNoise {
    var state: UInt64

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

    mutating func next() -> UInt8 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return UInt8(truncatingIfNeeded: state >> 32)
    }
}
