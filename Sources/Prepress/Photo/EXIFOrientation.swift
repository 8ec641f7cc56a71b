import Foundation

/// Reads the EXIF orientation tag (0x0112) from a JPEG's APP1 segment without decoding.
enum EXIFOrientation {
    /// 1…8, or 1 when absent or invalid (the corpus has a file with 0).
    static func read(jpeg data: Data) -> Int {
        let bytes = [UInt8](data.prefix(256 * 1024))
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xDA || marker == 0xD9 { break }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { break }
            if marker == 0xE1, length > 8, bytes[(offset + 4)..<(offset + 10)].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) {
                return orientation(tiff: Array(bytes[(offset + 10)..<(offset + 2 + length)]))
            }
            offset += 2 + length
        }
        return 1
    }

    /// The orientation in a TIFF structure (the EXIF payload after "Exif\0\0").
    static func orientation(tiff: [UInt8]) -> Int {
        guard tiff.count >= 8 else { return 1 }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return 1
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let high = u16(little ? at + 2 : at), let low = u16(little ? at : at + 2) else { return nil }
            return high << 16 | low
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return 1 }
        for index in 0..<min(count, 512) {
            let entry = ifd + 2 + index * 12
            guard let tag = u16(entry) else { return 1 }
            if tag == 0x0112 {
                guard let value = u16(entry + 8), (1...8).contains(value) else { return 1 }
                return value
            }
        }
        return 1
    }
}
