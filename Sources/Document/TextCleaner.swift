/// Removes what no text layout should see: control characters (but tabs and newlines), and
/// unpaired surrogates, which Swift strings already replace.
public enum TextCleaner {
    public static func clean(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\t" {
                result.unicodeScalars.append(scalar)
            } else if scalar == "\r" {
                continue
            } else if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE
                        || scalar.value == 0xFFFF {
                continue
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
