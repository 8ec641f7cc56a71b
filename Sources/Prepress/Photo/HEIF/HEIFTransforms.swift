import Foundation

/// Whether a HEIF file's primary image carries a rotation (`irot`) or a mirror (`imir`):
/// libheif applies them while decoding, and a phone writes the same turn again as an EXIF
/// orientation, which ISO/IEC 23008-12 makes informative only. Read from the boxes alone
/// (`meta` › `pitm`, `iprp` › `ipco`, `ipma`); anything malformed reads as "none".
enum HEIFTransforms {
    static func primaryHasTransform(_ data: Data) -> Bool {
        let bytes = [UInt8](data)
        let reader = BoxReader(bytes)
        // `meta` is a full box: version and flags before its children.
        guard let meta = reader.first("meta", in: 0..<bytes.count), meta.count >= 4 else { return false }
        let children = (meta.lowerBound + 4)..<meta.upperBound
        guard let pitm = reader.first("pitm", in: children),
              let iprp = reader.first("iprp", in: children), let ipco = reader.first("ipco", in: iprp),
              let ipma = reader.first("ipma", in: iprp), let primary = reader.primaryItem(pitm) else { return false }
        let properties = reader.boxes(in: ipco).map(\.type)
        return reader.associations(ipma, of: primary).contains { index in
            index >= 1 && index <= properties.count && ["irot", "imir"].contains(properties[index - 1])
        }
    }
}

/// ISO base media file format boxes over a file's bytes, every read bounds-checked.
private struct BoxReader {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func integer(at offset: Int, size: Int) -> Int? {
        guard offset >= 0, size > 0, offset + size <= bytes.count else { return nil }
        return bytes[offset..<(offset + size)].reduce(0) { $0 << 8 | Int($1) }
    }

    /// The boxes directly in `range`: each one's type and its contents' range.
    func boxes(in range: Range<Int>) -> [(type: String, contents: Range<Int>)] {
        var found: [(type: String, contents: Range<Int>)] = []
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound, found.count < 4096, let size32 = integer(at: offset, size: 4) {
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            var header = 8, size = size32
            if size32 == 1 {
                guard let large = integer(at: offset + 8, size: 8) else { break }
                (header, size) = (16, large)
            } else if size32 == 0 {
                size = range.upperBound - offset
            }
            guard size >= header, size <= range.upperBound - offset else { break }
            found.append((type, (offset + header)..<(offset + size)))
            offset += size
        }
        return found
    }

    func first(_ type: String, in range: Range<Int>) -> Range<Int>? {
        boxes(in: range).first { $0.type == type }?.contents
    }

    /// `pitm`: version 0 holds a 16-bit item id, later versions a 32-bit one.
    func primaryItem(_ pitm: Range<Int>) -> Int? {
        guard let version = integer(at: pitm.lowerBound, size: 1) else { return nil }
        return integer(at: pitm.lowerBound + 4, size: version == 0 ? 2 : 4)
    }

    /// The 1-based `ipco` indices `ipma` associates with `item`.
    func associations(_ ipma: Range<Int>, of item: Int) -> [Int] {
        guard let version = integer(at: ipma.lowerBound, size: 1), let flags = integer(at: ipma.lowerBound + 1, size: 3),
              let entries = integer(at: ipma.lowerBound + 4, size: 4) else { return [] }
        let idSize = version < 1 ? 2 : 4, indexSize = flags & 1 == 1 ? 2 : 1
        var offset = ipma.lowerBound + 8
        for _ in 0..<min(entries, ipma.count) {
            guard let id = integer(at: offset, size: idSize), let count = integer(at: offset + idSize, size: 1) else { return [] }
            offset += idSize + 1
            guard offset + count * indexSize <= ipma.upperBound else { return [] }
            if id == item {
                // The top bit says "essential"; the rest is the index.
                let mask = indexSize == 2 ? 0x7FFF : 0x7F
                return (0..<count).compactMap { integer(at: offset + $0 * indexSize, size: indexSize).map { $0 & mask } }
            }
            offset += count * indexSize
        }
        return []
    }
}
