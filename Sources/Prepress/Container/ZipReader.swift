import CZlib
import Diagnostics
import Foundation

/// Reads a ZIP archive the careful way: every local header is compared with its central
/// directory record, and every entry is decompressed and its CRC-32 recomputed.
struct ZipReader {
    struct Entry {
        var name: String
        var method: UInt16
        var crc: UInt32
        var compressedSize: Int
        var size: Int
        var localOffset: Int
        var dataOffset: Int
        var extraLength: Int
    }

    /// May be memory-mapped: entries are read one at a time.
    let bytes: Data
    private(set) var entries: [Entry] = []
    private(set) var findings: [Diagnostic] = []

    init(bytes: Data) {
        self.bytes = bytes
        readDirectory()
    }

    private func u16(_ at: Int) -> Int? { at + 2 <= bytes.count ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : nil }
    private func u32(_ at: Int) -> Int? {
        guard let low = u16(at), let high = u16(at + 2) else { return nil }
        return low | high << 16
    }

    private mutating func readDirectory() {
        var end: Int?
        var index = bytes.count - 22
        while index >= max(0, bytes.count - 65_557) {
            if u32(index) == 0x0605_4B50 { end = index; break }
            index -= 1
        }
        guard let end, let count = u16(end + 10), let directory = u32(end + 16) else {
            findings.append(Diagnostic(.error, .zipStructure, "no end-of-central-directory record: the archive is truncated or not a ZIP"))
            return
        }
        var position = directory
        for _ in 0..<count {
            guard u32(position) == 0x0201_4B50, let method = u16(position + 10), let crc = u32(position + 16),
                  let compressed = u32(position + 20), let size = u32(position + 24), let nameLength = u16(position + 28),
                  let extra = u16(position + 30), let comment = u16(position + 32), let offset = u32(position + 42),
                  position + 46 + nameLength <= bytes.count else {
                findings.append(Diagnostic(.error, .zipStructure, "a central directory record at byte \(position) is unreadable"))
                return
            }
            let name = String(decoding: bytes[(position + 46)..<(position + 46 + nameLength)], as: UTF8.self)
            position += 46 + nameLength + extra + comment
            guard u32(offset) == 0x0403_4B50, let localMethod = u16(offset + 8), let flags = u16(offset + 6),
                  let localCRC = u32(offset + 14), let localCompressed = u32(offset + 18), let localSize = u32(offset + 22),
                  let localNameLength = u16(offset + 26), let localExtra = u16(offset + 28),
                  offset + 30 + localNameLength <= bytes.count else {
                findings.append(Diagnostic(.error, .zipLocalHeader, "no local header where the directory says (byte \(offset))", entry: name))
                continue
            }
            let localName = String(decoding: bytes[(offset + 30)..<(offset + 30 + localNameLength)], as: UTF8.self)
            let described = flags & 0x08 != 0
            if localName != name || localMethod != method || (!described && (localCRC != crc || localCompressed != compressed || localSize != size)) {
                findings.append(Diagnostic(.error, .zipLocalHeader, "the local header disagrees with the central directory", entry: name))
            }
            entries.append(Entry(name: name, method: UInt16(method), crc: UInt32(crc), compressedSize: compressed, size: size,
                                 localOffset: offset, dataOffset: offset + 30 + localNameLength + localExtra, extraLength: localExtra))
        }
    }

    /// The entry's bytes, decompressed, with its CRC and size checked.
    func data(_ entry: Entry) throws(ZipReaderError) -> [UInt8] {
        guard entry.dataOffset + entry.compressedSize <= bytes.count else { throw .truncated }
        let raw = Array(bytes[entry.dataOffset..<(entry.dataOffset + entry.compressedSize)])
        let content: [UInt8]
        switch entry.method {
        case 0: content = raw
        case 8: content = try Self.inflate(raw, expected: entry.size)
        default: throw .method(entry.method)
        }
        guard content.count == entry.size else { throw .size(content.count) }
        let crc = content.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        guard crc == entry.crc else { throw .crc }
        return content
    }

    /// Gives back the memory of the entry's mapped pages once it has been checked: a mapped
    /// file's pages count as the process's own while they stay, and an EPUB of many photos
    /// would otherwise add its whole size to the job's peak. The file is untouched; the pages
    /// are read again if the entry is.
    func release(_ entry: Entry) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, page > 0 else { return }
            let start = (Int(bitPattern: base) + entry.localOffset + page - 1) / page * page
            let end = (Int(bitPattern: base) + entry.dataOffset + entry.compressedSize) / page * page
            guard end > start else { return }
            _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_DONTNEED)
        }
    }

    enum ZipReaderError: Error {
        case truncated, method(UInt16), size(Int), crc, inflate
    }

    private static func inflate(_ input: [UInt8], expected: Int) throws(ZipReaderError) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { throw .inflate }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: max(1, expected))
        let status = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw .inflate }
        return Array(output.prefix(Int(stream.total_out)))
    }
}
