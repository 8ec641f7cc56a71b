/// A rejection's reason as it is stored and shown everywhere (`folio status`, the console, the
/// report): one line of at most `maxLength` characters, without control or formatting
/// characters, so a reason can never move a terminal's cursor, colour it, or reverse text.
public enum RejectionReason {
    public static let maxLength = 500

    /// Control and format characters (C0, C1, DEL, bidi overrides, zero-width) removed, line
    /// breaks and tabs made spaces, runs of spaces one, trimmed.
    public static func clean(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var lastWasSpace = true
        for scalar in text.unicodeScalars {
            let category = scalar.properties.generalCategory
            let isSpace = scalar.properties.isWhitespace
            if isSpace {
                if !lastWasSpace { scalars.append(" ") }
                lastWasSpace = true
                continue
            }
            guard category != .control, category != .format, category != .surrogate, category != .unassigned,
                  category != .privateUse, category != .lineSeparator, category != .paragraphSeparator else { continue }
            scalars.append(scalar)
            lastWasSpace = false
        }
        var cleaned = String(scalars)
        while cleaned.hasSuffix(" ") { cleaned.removeLast() }
        return cleaned
    }
}
