import Diagnostics
import CZlib
import Foundation

/// Writes a ZIP archive as a stream to a file: each entry's bytes go to disk as they are
/// produced, and only the central directory's small records stay in memory. Deflate and
/// CRC-32 come from zlib. No ZIP64: anything that would need it is refused, never written wrong.
public final class ZipWriter {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    public enum Method { case stored, deflated }

    private struct Record {
        var name: [UInt8]
        var method: UInt16
        var crc: UInt32
        var compressed: UInt32
        var size: UInt32
        var offset: UInt32
    }

    private let handle: FileHandle
    private let file: URL
    private var offset: UInt64 = 0
    private var records: [Record] = []
    private let dosTime: UInt16
    private let dosDate: UInt16

    /// `date` is written as every entry's time, so the same content gives the same bytes.
    public init(file: URL, date: Date) throws(Failure) {
        self.file = file
        guard FileManager.default.createFile(atPath: file.path, contents: nil),
              let handle = try? FileHandle(forWritingTo: file) else {
            throw Failure(description: "\(file.path): cannot create the file")
        }
        self.handle = handle
        let t = CivilCalendar.utcFields(date)
        dosTime = UInt16(t.hour << 11 | t.minute << 5 | t.second / 2)
        dosDate = UInt16((max(1980, min(2107, t.year)) - 1980) << 9 | t.month << 5 | t.day)
    }

    deinit { try? handle.close() }

    /// Adds an entry from bytes in memory (XHTML, CSS, small images).
    public func add(_ name: String, data: Data, method: Method) throws(Failure) {
        let crc = data.withUnsafeBytes { UInt32(crc32(0, $0.bindMemory(to: UInt8.self).baseAddress, uInt($0.count))) }
        let payload = method == .deflated ? try Self.deflate(data) : data
        try writeEntry(name, method: method, crc: crc, size: data.count, payload: [payload])
    }

    /// Adds a stored entry copied from a file in chunks (fonts, photos): read once for the
    /// CRC, once to copy, never whole in memory.
    public func addStored(_ name: String, contentsOf source: URL) throws(Failure) {
        let length = (try? FileManager.default.attributesOfItem(atPath: source.path)[.size] as? Int) ?? 0
        if length >= 0xFFFF_FFFF {
            throw Failure(description: "\(name): entries or archives over 4 GiB need ZIP64, which Folio does not write")
        }
        var crc: uLong = 0
        var size = 0
        try Self.chunks(of: source) { chunk in
            crc = chunk.withUnsafeBytes { crc32(crc, $0.bindMemory(to: UInt8.self).baseAddress, uInt($0.count)) }
            size += chunk.count
        }
        try writeHeader(name, method: .stored, crc: UInt32(crc), compressed: size, size: size)
        try Self.chunks(of: source) { chunk throws(Failure) in try write(chunk) }
        offset += UInt64(size)
    }

    /// Writes the central directory and closes the file.
    public func finish() throws(Failure) {
        let start = offset
        for record in records {
            var header = Data()
            header.append(le32: 0x0201_4B50)
            header.append(le16: 20)  // made by: version 2.0
            header.append(le16: 20)  // needed to extract
            header.append(le16: 0x0800)  // names are UTF-8
            header.append(le16: record.method)
            header.append(le16: dosTime)
            header.append(le16: dosDate)
            header.append(le32: record.crc)
            header.append(le32: record.compressed)
            header.append(le32: record.size)
            header.append(le16: UInt16(record.name.count))
            header.append(le16: 0)  // extra
            header.append(le16: 0)  // comment
            header.append(le16: 0)  // disk
            header.append(le16: 0)  // internal attributes
            header.append(le32: 0)  // external attributes
            header.append(le32: record.offset)
            header.append(contentsOf: record.name)
            try write(header)
            offset += UInt64(header.count)
        }
        let size = offset - start
        guard records.count < 0xFFFF, start < 0xFFFF_FFFF, size < 0xFFFF_FFFF else {
            throw Failure(description: "\(file.path): the archive is too large for ZIP without ZIP64")
        }
        var end = Data()
        end.append(le32: 0x0605_4B50)
        end.append(le16: 0)
        end.append(le16: 0)
        end.append(le16: UInt16(records.count))
        end.append(le16: UInt16(records.count))
        end.append(le32: UInt32(size))
        end.append(le32: UInt32(start))
        end.append(le16: 0)
        try write(end)
        do { try handle.close() } catch { throw Failure(description: "\(file.path): \(error.localizedDescription)") }
    }

    private func writeEntry(_ name: String, method: Method, crc: UInt32, size: Int, payload: [Data]) throws(Failure) {
        let compressed = payload.reduce(0) { $0 + $1.count }
        try writeHeader(name, method: method, crc: crc, compressed: compressed, size: size)
        for part in payload { try write(part) }
        offset += UInt64(compressed)
    }

    /// The local header: no extra field (EPUB's `mimetype` must start at byte 38).
    private func writeHeader(_ name: String, method: Method, crc: UInt32, compressed: Int, size: Int) throws(Failure) {
        let nameBytes = Array(name.utf8)
        guard compressed < 0xFFFF_FFFF, size < 0xFFFF_FFFF, offset < 0xFFFF_FFFF else {
            throw Failure(description: "\(name): entries or archives over 4 GiB need ZIP64, which Folio does not write")
        }
        let code: UInt16 = method == .deflated ? 8 : 0
        records.append(Record(name: nameBytes, method: code, crc: crc, compressed: UInt32(compressed), size: UInt32(size),
                              offset: UInt32(offset)))
        var header = Data()
        header.append(le32: 0x0403_4B50)
        header.append(le16: 20)
        header.append(le16: 0x0800)
        header.append(le16: code)
        header.append(le16: dosTime)
        header.append(le16: dosDate)
        header.append(le32: crc)
        header.append(le32: UInt32(compressed))
        header.append(le32: UInt32(size))
        header.append(le16: UInt16(nameBytes.count))
        header.append(le16: 0)
        header.append(contentsOf: nameBytes)
        try write(header)
        offset += UInt64(header.count)
    }

    private func write(_ data: Data) throws(Failure) {
        do { try handle.write(contentsOf: data) } catch { throw Failure(description: "\(file.path): \(error.localizedDescription)") }
    }

    private static func chunks(of file: URL, _ body: (Data) throws(Failure) -> Void) throws(Failure) {
        guard let reader = try? FileHandle(forReadingFrom: file) else { throw Failure(description: "\(file.path): cannot read") }
        defer { try? reader.close() }
        while true {
            let chunk: Data
            do { chunk = try reader.read(upToCount: 1 << 20) ?? Data() } catch {
                throw Failure(description: "\(file.path): \(error.localizedDescription)")
            }
            if chunk.isEmpty { return }
            try body(chunk)
        }
    }

    /// Raw deflate (no zlib header), as ZIP stores it.
    static func deflate(_ data: Data) throws(Failure) -> Data {
        var stream = z_stream()
        let level = Z_BEST_COMPRESSION
        guard deflateInit2_(&stream, level, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                            Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure(description: "zlib: deflateInit2 failed")
        }
        defer { deflateEnd(&stream) }
        var output = Data(count: Int(deflateBound(&stream, uLong(data.count))))
        let produced: Int = data.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(out.count)
                return CZlib.deflate(&stream, Z_FINISH) == Z_STREAM_END ? Int(stream.total_out) : -1
            }
        }
        guard produced >= 0 else { throw Failure(description: "zlib: deflate did not finish") }
        return output.prefix(produced)
    }
}

extension Data {
    mutating func append(le16 value: UInt16) { append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8)]) }
    mutating func append(le32 value: UInt32) {
        append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)])
    }
}
