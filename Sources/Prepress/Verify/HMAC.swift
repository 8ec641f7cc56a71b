import Foundation

/// HMAC-SHA256 (RFC 2104) on Folio's SHA-256.
public enum HMACSHA256 {
    public static func hex(key: Data, message: Data) -> String {
        var key = [UInt8](key)
        if key.count > 64 {
            var hasher = SHA256()
            hasher.update(key)
            key = hasher.finalize()
        }
        key += [UInt8](repeating: 0, count: 64 - key.count)
        var inner = SHA256()
        inner.update(key.map { $0 ^ 0x36 })
        inner.update(message)
        var outer = SHA256()
        outer.update(key.map { $0 ^ 0x5c })
        outer.update(inner.finalize())
        return SHA256.hex(outer.finalize())
    }

    /// Compares in constant time, so a wrong signature reveals nothing by its timing.
    public static func matches(_ expected: String, _ given: String) -> Bool {
        let a = Array(expected.lowercased().utf8), b = Array(given.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
