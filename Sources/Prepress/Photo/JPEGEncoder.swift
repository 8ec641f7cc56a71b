import CJPEGShim
import Foundation

/// Encodes 8-bit pixels as a baseline JPEG through libjpeg (errors come back, never exit()).
public enum JPEGEncoder {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// `pixels` are interleaved, `components` bytes per pixel (1 gray, 3 RGB, 4 CMYK).
    public static func encode(pixels: [UInt8], width: Int, height: Int, components: Int, quality: Int,
                              iccProfile: Data? = nil) throws(Failure) -> Data {
        guard width > 0, height > 0, pixels.count == width * height * components else {
            throw Failure(description: "pixel buffer does not match \(width)x\(height)x\(components)")
        }
        var output: UnsafeMutablePointer<UInt8>?
        var length: UInt = 0
        var message = [CChar](repeating: 0, count: 200)
        let profile = iccProfile.map { [UInt8]($0) } ?? []
        let status = pixels.withUnsafeBufferPointer { pixelBuffer in
            profile.withUnsafeBufferPointer { profileBuffer in
                folio_jpeg_encode(pixelBuffer.baseAddress, Int32(width), Int32(height), Int32(components), Int32(quality),
                                  profile.isEmpty ? nil : profileBuffer.baseAddress, UInt32(profile.count),
                                  &output, &length, &message, message.count)
            }
        }
        guard status == 0, let output else {
            throw Failure(description: "libjpeg: \(String(cString: message))")
        }
        defer { folio_jpeg_free_buffer(output) }
        return Data(bytes: output, count: Int(length))
    }
}

extension JPEGEncoder {
    /// Encodes Cairo RGB24 pixels (4 bytes a pixel, `stride` bytes a row) as an RGB JPEG.
    public static func encodeCairoRGB(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int,
                                      quality: Int, iccProfile: Data?) throws(Failure) -> Data {
        var output: UnsafeMutablePointer<UInt8>?
        var length: UInt = 0
        var message = [CChar](repeating: 0, count: 200)
        let profile = iccProfile.map { [UInt8]($0) } ?? []
        let status = profile.withUnsafeBufferPointer { profileBuffer in
            folio_jpeg_encode_bgrx(pixels, Int32(width), Int32(height), Int32(stride), Int32(quality),
                                   profile.isEmpty ? nil : profileBuffer.baseAddress, UInt32(profile.count),
                                   &output, &length, &message, message.count)
        }
        guard status == 0, let output else { throw Failure(description: "libjpeg: \(String(cString: message))") }
        defer { folio_jpeg_free_buffer(output) }
        return Data(bytes: output, count: Int(length))
    }
}
