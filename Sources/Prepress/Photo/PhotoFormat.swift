import Foundation

extension PhotoHeader.Format {
    /// The format a file's first bytes say, whatever its name: JPEG's SOI, PNG's signature,
    /// an ISO base media `ftyp` of HEIF's or AVIF's brands, RIFF `WEBP`, `GIF87a`/`GIF89a`, and
    /// TIFF's byte order with 42 (or BigTIFF's 43).
    init?(sniffing data: Data) {
        let head = [UInt8](data.prefix(64))
        func ascii(_ range: Range<Int>) -> String? {
            range.upperBound <= head.count ? String(decoding: head[range], as: UTF8.self) : nil
        }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if ascii(0..<4) == "RIFF", ascii(8..<12) == "WEBP" {
            self = .webp
        } else if ascii(0..<6) == "GIF87a" || ascii(0..<6) == "GIF89a" {
            self = .gif
        } else if head.starts(with: [0x49, 0x49, 42, 0]) || head.starts(with: [0x4D, 0x4D, 0, 42])
                    || head.starts(with: [0x49, 0x49, 43, 0]) || head.starts(with: [0x4D, 0x4D, 0, 43]) {
            self = .tiff
        } else if ascii(4..<8) == "ftyp", let format = Self.heifBrand(head) {
            self = format
        } else {
            return nil
        }
    }

    /// The `ftyp` box's major and compatible brands (as far as the first bytes hold them):
    /// AVIF's own, else HEIF's image brands.
    private static func heifBrand(_ head: [UInt8]) -> Self? {
        let size = head.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        let end = min(max(size, 16), head.count)
        var brands: [String] = []
        if head.count >= 12 { brands.append(String(decoding: head[8..<12], as: UTF8.self)) }
        for offset in stride(from: 16, to: end - 3, by: 4) { brands.append(String(decoding: head[offset..<(offset + 4)], as: UTF8.self)) }
        if brands.contains(where: { $0 == "avif" || $0 == "avis" }) { return .avif }
        let heif: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "mif2"]
        return brands.contains(where: heif.contains) ? .heic : nil
    }
}

extension PhotoHeader.Format {
    /// The format a file's name claims (`photo-misnamed` when its bytes say another).
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "jpg", "jpeg": self = .jpeg
        case "png": self = .png
        case "heic", "heif": self = .heic
        case "avif": self = .avif
        case "webp": self = .webp
        case "gif": self = .gif
        case "tif", "tiff": self = .tiff
        default: return nil
        }
    }

    /// As people write it.
    public var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .heic: "HEIC"
        case .avif: "AVIF"
        case .webp: "WebP"
        case .gif: "GIF"
        case .tiff: "TIFF"
        }
    }
}
