/// Where an entry's photos go among its text blocks: photo i follows `anchors[i]` blocks. Without
/// offsets, all follow the text; with them, each follows the blocks its placeholder comes after.
/// The PDF's flow and the EPUB's chapters read the same anchors, so their page marks agree.
extension BookEntry {
    func photoAnchors(_ markdown: MarkdownReader, textBlocks: Int) -> [Int] {
        guard let offsets = photoOffsets, offsets.count == photos.count else { return photos.map { _ in textBlocks } }
        return offsets.map { offset in min(textBlocks, markdown.blocks(from: String(text.prefix(max(0, offset))), app: appSyntax).count) }
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
