/// How the text of one right-to-left glyph cluster stands in a PDF. poppler and MuPDF take a
/// glyph's several characters (a lam-alef ligature, a letter and its marks) as laid out left to
/// right, and read a right-to-left word from its right end, so "لا" written as it was typed copies
/// as "ال". Written reversed it copies as typed; Folio's painter writes it so and its own reader
/// (`PDFText`) reads it as those readers do.
public enum RightToLeftClusters {
    /// A cluster's text as it is written, and read back: reversed when it has more than one
    /// character and any of them is right-to-left. Its own inverse.
    public static func written(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > 1, scalars.contains(where: isRightToLeft) else { return text }
        var reversed = String.UnicodeScalarView()
        reversed.append(contentsOf: scalars.reversed())
        return String(reversed)
    }

    /// Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic and their presentation forms, and
    /// the right-to-left scripts beyond the first plane.
    public static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        default: false
        }
    }
}
