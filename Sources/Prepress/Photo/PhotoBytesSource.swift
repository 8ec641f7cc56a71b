import Foundation

/// A photo file's bytes handed to a C decoder that reads through callbacks (giflib, libtiff):
/// where it has read to, and what the library last complained of. Passed as the library's
/// user pointer, owned by the Swift type that closes the file.
final class PhotoBytesSource {
    let bytes: [UInt8]
    var offset = 0
    var message: String?

    init(_ data: Data) { bytes = [UInt8](data) }

    /// Copies up to `count` bytes from `offset` on into `buffer`; how many were copied.
    func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        let available = max(0, min(count, bytes.count - offset))
        bytes.withUnsafeBytes { all in
            if available > 0, let start = all.baseAddress { buffer.copyMemory(from: start + offset, byteCount: available) }
        }
        offset += available
        return available
    }
}
