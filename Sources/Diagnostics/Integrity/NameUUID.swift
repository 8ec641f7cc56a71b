import Foundation

/// A UUID derived from a name (SHA-256, in version 5's layout): the same name, the same id.
/// The EPUB's `urn:uuid` comes from its order, a PDF/X file's XMP document id from its drawing.
public enum NameUUID {
    /// `urn:uuid:xxxxxxxx-xxxx-5xxx-yxxx-xxxxxxxxxxxx`.
    public static func urn(_ name: String) -> String {
        var hasher = SHA256()
        hasher.update(Array(name.utf8))
        var raw = Array(hasher.finalize().prefix(16))
        guard raw.count == 16 else { return "urn:uuid:00000000-0000-5000-8000-000000000000" }
        raw[6] = raw[6] & 0x0F | 0x50
        raw[8] = raw[8] & 0x3F | 0x80
        let hex = SHA256.hex(raw)
        let parts = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
        return "urn:uuid:" + parts.joined(separator: "-")
    }
}
