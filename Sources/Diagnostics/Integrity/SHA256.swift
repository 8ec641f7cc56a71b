import CCrypto
import Foundation

/// SHA-256 through OpenSSL's libcrypto. Files are hashed in chunks so memory stays flat for
/// any size.
public struct SHA256 {
    private let context = DigestContext()

    public init() {}

    public mutating func update(_ data: Data) {
        data.withUnsafeBytes { context.update($0) }
    }

    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { context.update($0) }
    }

    public mutating func finalize() -> [UInt8] {
        context.finish()
    }

    public static func hex(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(digest.count * 2)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    public static func hex(of data: Data) -> String {
        var hasher = SHA256()
        hasher.update(data)
        return hex(hasher.finalize())
    }

    /// The digest of a file, read in 1 MiB chunks.
    public static func hex(ofFile url: URL) throws -> (digest: String, bytes: Int64) {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var hasher = SHA256()
        var total: Int64 = 0
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            hasher.update(chunk)
            total += Int64(chunk.count)
        }
        return (hex(hasher.finalize()), total)
    }

    /// Owns OpenSSL's digest context. Every libcrypto call is checked: once one fails (memory,
    /// in practice) the digest is empty, which matches no recorded digest, so a failure fails
    /// verification closed instead of vouching for bytes that were not hashed.
    private final class DigestContext {
        private let context: OpaquePointer?
        private var failed = false

        init() {
            context = EVP_MD_CTX_new()
            failed = context == nil || EVP_DigestInit_ex(context, EVP_sha256(), nil) != 1
        }

        deinit { EVP_MD_CTX_free(context) }

        func update(_ bytes: UnsafeRawBufferPointer) {
            guard !bytes.isEmpty, !failed else { return }
            if EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) != 1 { failed = true }
        }

        func finish() -> [UInt8] {
            guard !failed else { return [] }
            var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
            var length: UInt32 = 0
            guard EVP_DigestFinal_ex(context, &digest, &length) == 1, length == 32 else { return [] }
            return Array(digest.prefix(Int(length)))
        }
    }
}

extension SHA256 {
    /// Base64 SHA-256 of a file from `offset` to its end, read in chunks (tus Upload-Checksum).
    /// A file that cannot be opened, or a read that fails halfway, throws: a checksum of a
    /// prefix, or of nothing, would vouch for bytes that were never read.
    public static func base64(ofFile url: URL, from offset: Int64) throws -> String {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(max(0, offset)))
        var hasher = SHA256()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { hasher.update(chunk) }
        return Data(hasher.finalize()).base64EncodedString()
    }
}
