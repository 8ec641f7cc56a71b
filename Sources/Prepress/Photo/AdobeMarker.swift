/// Whether a JPEG carries Adobe's APP14 marker. In a four-component file it means the values
/// are stored inverted (255 − ink): Photoshop's convention, which libjpeg's Adobe marker
/// announces and which Folio's decoder and encoder follow. A PDF shows such an image right only
/// with `/Decode [1 0 1 0 1 0 1 0]`.
public enum AdobeMarker {
    public static func isPresent(in jpeg: [UInt8]) -> Bool {
        guard jpeg.starts(with: [0xFF, 0xD8]) else { return false }
        var index = 2
        while index + 4 <= jpeg.count, jpeg[index] == 0xFF {
            let marker = jpeg[index + 1]
            if marker == 0xFF { index += 1; continue }  // fill byte
            if marker == 0xDA || marker == 0xD9 { return false }  // scan data: no more headers
            let length = Int(jpeg[index + 2]) << 8 | Int(jpeg[index + 3])
            // As libjpeg reads it: at least 12 bytes of data after the length.
            if marker == 0xEE, length >= 14, index + 9 <= jpeg.count, Array(jpeg[(index + 4)..<(index + 9)]) == Array("Adobe".utf8) {
                return true
            }
            index += 2 + length
        }
        return false
    }
}
