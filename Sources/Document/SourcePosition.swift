/// A place in a text as cmark-gfm counts it: a line and a byte within it, both from 1.
public struct SourcePosition: Sendable, Equatable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `positions` (in ascending order) as offsets in `text`'s characters, in one pass: where
    /// an importer's character offsets can be compared with them.
    public static func characterOffsets(_ positions: [SourcePosition], in text: String) -> [Int] {
        guard !positions.isEmpty else { return [] }
        // Each line's first byte.
        var lineStarts = [0]
        for (index, byte) in text.utf8.enumerated() where byte == 0x0A { lineStarts.append(index + 1) }
        let bytes = positions.map { position -> Int in
            let line = min(max(position.line, 1), lineStarts.count) - 1
            return lineStarts[line] + max(position.column - 1, 0)
        }
        var offsets: [Int] = []
        offsets.reserveCapacity(bytes.count)
        var byte = 0, character = 0, next = 0
        for element in text {
            while next < bytes.count, bytes[next] <= byte {
                offsets.append(character)
                next += 1
            }
            if next == bytes.count { break }
            byte += element.utf8.count
            character += 1
        }
        while offsets.count < bytes.count { offsets.append(character) }
        return offsets
    }
}
