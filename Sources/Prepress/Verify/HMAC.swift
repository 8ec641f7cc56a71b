import CCrypto
import Foundation

/// HMAC-SHA256 (RFC 2104) through OpenSSL's libcrypto.
public enum HMACSHA256 {
    public static func hex(key: Data, message: Data) -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let keyBytes = [UInt8](key), messageBytes = [UInt8](message)
        _ = HMAC(EVP_sha256(), keyBytes, Int32(keyBytes.count), messageBytes, messageBytes.count, &digest, &length)
        return SHA256.hex(Array(digest.prefix(Int(length))))
    }

    /// Compares in constant time (OpenSSL's CRYPTO_memcmp), so a wrong signature reveals nothing
    /// by its timing.
    public static func matches(_ expected: String, _ given: String) -> Bool {
        let a = Array(expected.lowercased().utf8), b = Array(given.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().utf8)
        guard a.count == b.count else { return false }
        return CRYPTO_memcmp(a, b, a.count) == 0
    }
}
