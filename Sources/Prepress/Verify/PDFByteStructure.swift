import Diagnostics
import Foundation

/// Folio's own reading of a PDF's skeleton, byte by byte: header, `%%EOF`, `startxref`, every
/// classic xref section along the /Prev chain, each in-use offset landing on `N G obj`, and the
/// trailer's /Root, /Info and /ID. Files with cross-reference streams are left to qpdf.
/// `bytes` may be memory-mapped: only the pages around the offsets read are ever touched.
struct PDFByteStructure {
    let bytes: Data

    func check() -> [Diagnostic] {
        var findings: [Diagnostic] = []
        if !bytes.starts(with: Array("%PDF-".utf8)) {
            findings.append(Diagnostic(.error, .pdfHeader, "the file does not start with %PDF-"))
        }
        let tail = bytes.suffix(1024)
        guard let eof = lastIndex(of: "%%EOF", in: tail.startIndex..<bytes.count) else {
            findings.append(Diagnostic(.error, .pdfEOF, "no %%EOF at the end: the file is truncated"))
            return findings
        }
        guard let startxref = lastIndex(of: "startxref", in: max(0, eof - 64)..<eof),
              let offset = number(after: startxref + 9) else {
            findings.append(Diagnostic(.error, .pdfStartxref, "no startxref offset before %%EOF"))
            return findings
        }
        var next: Int? = offset
        var visited: Set<Int> = []
        var newestTrailer: String?
        while let section = next {
            guard visited.insert(section).inserted else {
                findings.append(Diagnostic(.error, .xrefLoop, "the /Prev chain returns to offset \(section)"))
                break
            }
            guard section >= 0, section < bytes.count else {
                findings.append(Diagnostic(.error, .xrefOffset, "startxref or /Prev points to \(section), outside the file"))
                break
            }
            if matches("xref", at: skipSpace(section)) {
                let (sectionFindings, trailer) = checkTable(at: skipSpace(section) + 4)
                findings += sectionFindings
                if newestTrailer == nil { newestTrailer = trailer }
                next = trailer.flatMap { dictionaryNumber("/Prev", in: $0) }
            } else if objectHeader(at: section) != nil {
                findings.append(Diagnostic(.info, .xrefStream, "cross-reference stream: its entries are checked by qpdf"))
                return findings
            } else {
                findings.append(Diagnostic(.error, .xrefOffset, "no xref table at offset \(section)"))
                break
            }
        }
        if let trailer = newestTrailer {
            for key in ["/Root", "/Info", "/ID"] where !trailer.contains(key) {
                findings.append(Diagnostic(.error, .trailerKey, "the trailer has no \(key)"))
            }
        }
        return findings
    }

    /// One xref section: subsections of 20-byte entries, then its trailer dictionary.
    private func checkTable(at start: Int) -> ([Diagnostic], String?) {
        var findings: [Diagnostic] = []
        var position = start
        while true {
            position = skipSpace(position)
            if matches("trailer", at: position) {
                let end = firstIndex(of: "startxref", from: position) ?? min(bytes.count, position + 4096)
                return (findings, String(decoding: bytes[position..<end], as: UTF8.self))
            }
            guard let first = number(after: position), let afterFirst = endOfNumber(skipSpace(position)),
                  let count = number(after: afterFirst), let afterCount = endOfNumber(skipSpace(afterFirst)) else {
                findings.append(Diagnostic(.error, .xrefSyntax, "unreadable xref subsection at byte \(position)"))
                return (findings, nil)
            }
            position = skipSpace(afterCount)
            for index in 0..<count {
                guard position + 18 <= bytes.count else {
                    findings.append(Diagnostic(.error, .xrefSyntax, "xref section runs past the end of the file"))
                    return (findings, nil)
                }
                let entry = String(decoding: bytes[position..<(position + 18)], as: UTF8.self)
                let fields = entry.split(separator: " ")
                let object = first + index
                if fields.count == 3, fields[2] == "n", let offset = Int(fields[0]), let generation = Int(fields[1]) {
                    if objectHeader(at: offset).map({ $0 != (object, generation) }) ?? true {
                        findings.append(Diagnostic(.error, .xrefOffset,
                                                   "object \(object) \(generation) is said to start at byte \(offset), which holds no \"\(object) \(generation) obj\"",
                                                   object: object))
                    }
                }
                position += 20
            }
        }
    }

    private func objectHeader(at offset: Int) -> (Int, Int)? {
        guard offset >= 0, offset < bytes.count else { return nil }
        let end = min(bytes.count, offset + 32)
        let text = String(decoding: bytes[offset..<end], as: UTF8.self)
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" })
        guard parts.count >= 3, let number = Int(parts[0]), let generation = Int(parts[1]), parts[2].hasPrefix("obj") else { return nil }
        return (number, generation)
    }

    private func skipSpace(_ position: Int) -> Int {
        var index = position
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09, 0x0C, 0x00].contains(bytes[index]) { index += 1 }
        return index
    }

    private func endOfNumber(_ position: Int) -> Int? {
        var index = position
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
        return index > position ? index : nil
    }

    private func number(after position: Int) -> Int? {
        let start = skipSpace(position)
        guard let end = endOfNumber(start) else { return nil }
        return Int(String(decoding: bytes[start..<end], as: UTF8.self))
    }

    private func matches(_ word: String, at position: Int) -> Bool {
        let pattern = Array(word.utf8)
        return position + pattern.count <= bytes.count && Array(bytes[position..<(position + pattern.count)]) == pattern
    }

    private func lastIndex(of word: String, in range: Range<Int>) -> Int? {
        var index = range.upperBound - word.utf8.count
        while index >= range.lowerBound {
            if matches(word, at: index) { return index }
            index -= 1
        }
        return nil
    }

    private func firstIndex(of word: String, from start: Int) -> Int? {
        var index = start
        let length = word.utf8.count
        while index + length <= bytes.count {
            if matches(word, at: index) { return index }
            index += 1
        }
        return nil
    }

    private func dictionaryNumber(_ key: String, in text: String) -> Int? {
        guard let range = text.range(of: key + " ") ?? text.range(of: key) else { return nil }
        let digits = text[range.upperBound...].drop { $0 == " " }.prefix { $0.isNumber }
        return Int(digits)
    }
}
