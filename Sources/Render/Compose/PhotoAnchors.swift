import Document

/// Where an entry's photos go among its text blocks: photo i follows `anchors[i]` blocks. Without
/// offsets, all follow the text; with them, each follows the blocks that begin before its
/// placeholder stood (where cmark-gfm says each begins: the entry is not read again).
/// The PDF's flow and the EPUB's chapters read the same anchors, so their page marks agree.
extension BookEntry {
    /// `origins`: for each block the book sets, the index of the `document` block it comes
    /// from (nil for the footnotes, last) (`MarkdownReader.set`).
    func photoAnchors(origins: [Int?]) -> [Int] {
        guard let offsets = photoOffsets, offsets.count == photos.count else { return photos.map { _ in origins.count } }
        let read = TextCleaner.clean(text)
        let starts = SourcePosition.characterOffsets(document.blockStarts, in: read)
        // The importer counted the text as written; the reading left out control characters.
        let placed = read == text ? offsets : offsets.map { TextCleaner.clean(String(text.prefix(max(0, $0)))).count }
        let setStarts = origins.map { origin in origin.flatMap { $0 < starts.count ? starts[$0] : nil } ?? Int.max }
        return placed.map { offset in setStarts.prefix { $0 < offset }.count }
    }

    /// Runs of consecutive photos with the same anchor (a grid each), by anchor.
    static func photoGroups(_ anchors: [Int]) -> [(anchor: Int, photos: [Int])] {
        var groups: [(anchor: Int, photos: [Int])] = []
        for (index, anchor) in anchors.enumerated() {
            if let last = groups.last, last.anchor == anchor, last.photos.last == index - 1 {
                groups[groups.count - 1].photos.append(index)
            } else {
                groups.append((anchor, [index]))
            }
        }
        return groups
    }
}
