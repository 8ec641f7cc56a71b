import CZlib
import Diagnostics
import Foundation

/// Folio's own decoding of every stream, strictly: Flate with zlib's Adler-32 check on (qpdf
/// lets a changed byte through when the data still inflates), and JPEG images through libjpeg,
/// whose warnings mean damaged scan data.
struct StreamIntegrity {
    let document: QPDFDocument

    func check() -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for (number, object) in document.objects() where document.isStream(object) {
            let filters = filterNames(document.key(object, "/Filter"))
            guard let first = filters.first, let raw = document.streamData(object, raw: true) else { continue }
            if first == "/FlateDecode", !Self.inflates(raw) {
                findings.append(Diagnostic(.error, .streamDamaged, "the compressed stream does not decode (zlib: bad data or checksum)", object: number))
            } else if first == "/DCTDecode", filters.count == 1 {
                do {
                    let header = try PhotoHeader.read(Data(raw), maximumPixels: .max)
                    _ = try JPEGDecoder.decode(Data(raw), header: header, targetLongEdge: 1)
                } catch {
                    findings.append(Diagnostic(.error, .streamDamaged, "the JPEG image does not decode (\(error))", object: number))
                }
            }
        }
        return findings
    }

    private func filterNames(_ filter: PDFObject?) -> [String] {
        guard let filter else { return [] }
        if let name = document.name(filter) { return [name] }
        return document.array(filter).compactMap(document.name)
    }

    /// Inflates a zlib stream to its end, checking the Adler-32 trailer.
    static func inflates(_ input: [UInt8]) -> Bool {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return false }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: 1 << 16)
        return input.withUnsafeBufferPointer { source -> Bool in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = uInt(source.count)
            while true {
                let status = output.withUnsafeMutableBufferPointer { target -> Int32 in
                    stream.next_out = target.baseAddress
                    stream.avail_out = uInt(target.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                if status == Z_STREAM_END { return true }
                if status != Z_OK { return false }
                if stream.avail_in == 0 && stream.avail_out != 0 { return false }
            }
        }
    }
}
