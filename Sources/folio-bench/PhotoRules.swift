/// Folio's rules for how big a photo is decoded and encoded, restated for the JPEG floor (the
/// rules themselves are internal to Render and Prepress; keep these in step with them):
/// PhotoCap in Render/Photos/PhotoCap.swift, FlowBuilder's choice of cap, JPEGDecoder's
/// DCT scale and PhotoPipeline's resampled size (Prepress/Photo).
enum PhotoRules {
    /// The long-edge cap: an entry with one photo prints it large, with more as a grid.
    static func cap(photosInEntry: Int) -> Int { photosInEntry == 1 ? 1400 : 1000 }

    /// JPEGDecoder: the smallest of 1/8, 2/8 … 8/8 whose long edge still reaches the cap, in
    /// eighths.
    static func dctEighths(longEdge: Int, cap: Int) -> Int {
        (1...8).first { (longEdge * $0 + 7) / 8 >= cap } ?? 8
    }

    /// libjpeg's decoded size at `eighths`/8 (rounded up), then PhotoPipeline's scale to the
    /// cap, never enlarged.
    static func encodedSize(width: Int, height: Int, cap: Int) -> (width: Int, height: Int) {
        let eighths = dctEighths(longEdge: max(width, height), cap: cap)
        let decoded = ((width * eighths + 7) / 8, (height * eighths + 7) / 8)
        let scale = min(1, Double(cap) / Double(max(decoded.0, decoded.1)))
        return (max(1, Int((Double(decoded.0) * scale).rounded())), max(1, Int((Double(decoded.1) * scale).rounded())))
    }
}
