import CCrypto
import Foundation

/// HMAC-SHA256 (RFC 2104) through OpenSSL's libcrypto.
public enum HMACSHA256 {
    /// The hex digest; "" when libcrypto fails (it returns NULL), which `matches` never accepts.
    public static func hex(key: Data, message: Data) -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let keyBytes = [UInt8](key), messageBytes = [UInt8](message)
        guard keyBytes.count <= Int(Int32.max),
              HMAC(EVP_sha256(), keyBytes, Int32(keyBytes.count), messageBytes, messageBytes.count, &digest, &length) != nil,
              length == 32 else { return "" }
        return SHA256.hex(Array(digest.prefix(Int(length))))
    }

    /// Compares in constant time (OpenSSL's CRYPTO_memcmp), so a wrong signature reveals nothing
    /// by its timing. An empty expected value (a digest that could not be made) matches nothing,
    /// not even an empty signature.
    public static func matches(_ expected: String, _ given: String) -> Bool {
        let a = Array(expected.lowercased().utf8), b = Array(given.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().utf8)
        guard !a.isEmpty, a.count == b.count else { return false }
        return CRYPTO_memcmp(a, b, a.count) == 0
    }
}
