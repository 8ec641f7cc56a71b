/// The long-edge caps in pixels: enough for 300 ppi at the largest size each role is placed.
enum PhotoCap {
    static let cover = 1600
    static let single = 1400
    static let grid = 1000

    /// An entry's only photo is placed at the full measure; two or more share a row.
    static func forEntry(photoCount: Int) -> Int {
        photoCount == 1 ? single : grid
    }
}
