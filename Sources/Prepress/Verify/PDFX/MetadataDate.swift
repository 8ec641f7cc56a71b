import Foundation

/// A date as Info writes it (`D:20251231200000+01'00'`) or as XMP does
/// (`2025-12-31T20:00:00+01:00`), read to the instant it names, so that the two can be compared
/// however each writer spelled them. Missing parts default as both formats say (month and day
/// 1, time 0); a date without a zone is read as UTC on both sides.
enum MetadataDate {
    /// Seconds since 1970, or nil when the text is no such date.
    static func instant(pdf text: String) -> Int? {
        // The `D:` prefix is optional in PDF 1.3's date strings.
        var scanner = Digits(Array((text.hasPrefix("D:") ? text.dropFirst(2) : Substring(text)).utf8))
        guard let year = scanner.take(4) else { return nil }
        let month = scanner.take(2) ?? 1, day = scanner.take(2) ?? 1
        let hour = scanner.take(2) ?? 0, minute = scanner.take(2) ?? 0, second = scanner.take(2) ?? 0
        var offset = 0
        if !scanner.skip(UInt8(ascii: "Z")), let sign = scanner.sign() {
            let hours = scanner.take(2) ?? 0
            _ = scanner.skip(UInt8(ascii: "'"))
            let minutes = scanner.take(2) ?? 0
            _ = scanner.skip(UInt8(ascii: "'"))
            offset = (hours * 3600 + minutes * 60) * sign
        }
        guard scanner.atEnd else { return nil }
        return civil(year, month, day, hour, minute, second).map { $0 - offset }
    }

    static func instant(xmp text: String) -> Int? {
        var scanner = Digits(Array(text.trimmingCharacters(in: .whitespaces).utf8))
        guard let year = scanner.take(4) else { return nil }
        let month = scanner.skip(UInt8(ascii: "-")) ? scanner.take(2) ?? 1 : 1
        let day = scanner.skip(UInt8(ascii: "-")) ? scanner.take(2) ?? 1 : 1
        var hour = 0, minute = 0, second = 0, offset = 0
        if scanner.skip(UInt8(ascii: "T")) {
            hour = scanner.take(2) ?? 0
            minute = scanner.skip(UInt8(ascii: ":")) ? scanner.take(2) ?? 0 : 0
            second = scanner.skip(UInt8(ascii: ":")) ? scanner.take(2) ?? 0 : 0
            if scanner.skip(UInt8(ascii: ".")) { scanner.skipDigits() }
            if !scanner.skip(UInt8(ascii: "Z")), let sign = scanner.sign() {
                let hours = scanner.take(2) ?? 0
                let minutes = scanner.skip(UInt8(ascii: ":")) ? scanner.take(2) ?? 0 : 0
                offset = (hours * 3600 + minutes * 60) * sign
            }
        }
        guard scanner.atEnd else { return nil }
        return civil(year, month, day, hour, minute, second).map { $0 - offset }
    }

    /// Days from civil (Howard Hinnant's algorithm), in seconds.
    private static func civil(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int) -> Int? {
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return days * 86_400 + hour * 3600 + minute * 60 + second
    }

    private struct Digits {
        let bytes: [UInt8]
        var index = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func take(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += count
            return value
        }

        /// `+` is 1, `-` is -1, consumed; anything else is nil and left.
        mutating func sign() -> Int? {
            if skip(UInt8(ascii: "+")) { return 1 }
            return skip(UInt8(ascii: "-")) ? -1 : nil
        }

        mutating func skip(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        var atEnd: Bool { index >= bytes.count }

        mutating func skipDigits() {
            while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
        }
    }
}
