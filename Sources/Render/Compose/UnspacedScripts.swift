/// Thai, Lao, Khmer and Burmese write words without spaces between them and space only between
/// phrases: Pango breaks their lines between words (libthai's dictionary for Thai), but a
/// justified line could only widen its one or two phrase spaces, leaving holes of a centimetre.
/// A paragraph written mostly in them is set flush to its side instead, as their readers'
/// everyday books and screens set it.
enum UnspacedScripts {
    static func dominate(_ markup: String) -> Bool {
        var unspaced = 0, letters = 0
        var inTag = false
        for scalar in markup.unicodeScalars {
            if scalar == "<" { inTag = true }
            if inTag {
                if scalar == ">" { inTag = false }
                continue
            }
            // ASCII's letters are its only alphabetic characters; looking up the property of
            // every character of every paragraph was a hundredth of a book's work.
            if scalar.isASCII {
                if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) { letters += 1 }
                continue
            }
            guard scalar.properties.isAlphabetic else { continue }
            letters += 1
            switch scalar.value {
            case 0x0E00...0x0EFF, 0x1780...0x17FF, 0x19E0...0x19FF, 0x1000...0x109F, 0xAA60...0xAA7F: unspaced += 1
            default: break
            }
        }
        return letters > 0 && unspaced * 2 > letters
    }
}
