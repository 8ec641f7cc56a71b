import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A libhyphen dictionary as Folio loads it: in UTF-8. Debian ships 43 of its dictionaries in a
/// legacy charset (ISO 8859-1, -2, -5, -7, -13: German, Greek, Dutch, Polish, Czech…), which
/// libhyphen would match byte for byte against Folio's UTF-8 words; each is converted once
/// (iconv) into a cached copy whose first line says UTF-8.
enum HyphenationDictionaryFile {
    /// `path` itself when it is UTF-8, else its converted copy; nil when it cannot be read or
    /// converted.
    static func utf8(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        let head = (try? handle.read(upToCount: 64)) ?? nil
        try? handle.close()
        guard let head, let firstLine = String(decoding: head, as: UTF8.self).split(whereSeparator: \.isNewline).first else { return nil }
        let charset = firstLine.trimmingCharacters(in: .whitespaces)
        if charset.uppercased() == "UTF-8" { return path }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = attributes[.size] as? Int,
              let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-hyphen-\(getuid())")
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let copy = folder.appendingPathComponent("\(name)-\(size)-\(Int(modified))-utf8.dic")
        if FileManager.default.fileExists(atPath: copy.path) { return copy.path }
        guard let data = FileManager.default.contents(atPath: path), let newline = data.firstIndex(of: 0x0A),
              let converted = convert(data[(newline + 1)...], from: charset) else { return nil }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // Written whole under another name, then renamed: two jobs converting at once never
            // load half a file.
            let partial = folder.appendingPathComponent(".\(UUID().uuidString)")
            try (Data("UTF-8\n".utf8) + converted).write(to: partial)
            if rename(partial.path, copy.path) != 0 { try? FileManager.default.removeItem(at: partial) }
        } catch {
            return nil
        }
        return FileManager.default.fileExists(atPath: copy.path) ? copy.path : nil
    }

    /// `bytes` from `charset` (as libhyphen names it: "ISO8859-2") to UTF-8.
    static func convert(_ bytes: Data, from charset: String) -> Data? {
        let name = charset.uppercased().replacingOccurrences(of: "ISO8859-", with: "ISO-8859-")
        let converter = iconv_open("UTF-8", name)
        guard converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var input = [CChar](bytes.map { CChar(bitPattern: $0) })
        // A legacy byte becomes at most three UTF-8 bytes.
        var output = [CChar](repeating: 0, count: input.count * 3 + 16)
        let written: Int? = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                var inPointer = inBuffer.baseAddress
                var inLeft = inBuffer.count
                var outPointer = outBuffer.baseAddress
                var outLeft = outBuffer.count
                guard iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft) != -1 || inLeft == 0 else { return nil }
                return outBuffer.count - outLeft
            }
        }
        guard let written else { return nil }
        return Data(output.prefix(written).map { UInt8(bitPattern: $0) })
    }
}
