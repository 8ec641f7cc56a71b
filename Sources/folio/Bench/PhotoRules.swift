/// Folio's rules for how big a photo is decoded and encoded, restated for the JPEG floor (the
/// rules themselves are internal to Render and Prepress; keep these in step with them):
/// PhotoCap in Render/Photos/PreparedPhoto.swift, FlowBuilder's choice of cap, JPEGDecoder's
/// DCT scale and PhotoPreparer's resampled size.
enum PhotoRules {
    /// The long-edge cap: an entry with one photo prints it large, with more as a grid.
    static func cap(photosInEntry: Int) -> Int { photosInEntry == 1 ? 1400 : 1000 }

    /// JPEGDecoder: the smallest of 1/8, 1/4, 1/2 whose long edge still reaches the cap, else 1/1.
    static func dctDenominator(longEdge: Int, cap: Int) -> Int {
        [8, 4, 2].first { (longEdge + $0 - 1) / $0 >= cap } ?? 1
    }

    /// libjpeg's decoded size at 1/`denominator` (rounded up), then PhotoPreparer's scale to
    /// the cap, never enlarged.
    static func encodedSize(width: Int, height: Int, cap: Int) -> (width: Int, height: Int) {
        let denominator = dctDenominator(longEdge: max(width, height), cap: cap)
        let decoded = ((width + denominator - 1) / denominator, (height + denominator - 1) / denominator)
        let scale = min(1, Double(cap) / Double(max(decoded.0, decoded.1)))
        return (max(1, Int((Double(decoded.0) * scale).rounded())), max(1, Int((Double(decoded.1) * scale).rounded())))
    }
}
