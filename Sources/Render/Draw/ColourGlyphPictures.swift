import Foundation
import Prepress

/// Colour glyphs' bitmaps made ready for print the way photos are: flattened onto what they
/// stand on, converted to the product's output colour, held under its ink limit, encoded as
/// JPEG. Each glyph on each backdrop is prepared once per document; one per canvas, on its thread.
final class ColourGlyphPictures {
    private struct Key: Hashable {
        var glyph: String
        var backdrop: Backdrop
    }

    private let pipeline: PhotoPipeline
    private var prepared: [Key: Data] = [:]

    init(product: Product) {
        pipeline = PhotoPipeline(product: product)
    }

    /// The picture as JPEG bytes for print.
    func jpeg(for glyph: ColourGlyph, on backdrop: Backdrop) throws(PhotoError) -> Data {
        let key = Key(glyph: glyph.key, backdrop: backdrop)
        if let known = prepared[key] { return known }
        let jpeg = try pipeline.prepare(bytes: glyph.png, for: .print, background: backdrop).jpeg
        prepared[key] = jpeg
        return jpeg
    }

    /// A picture already flattened (a cover's art with the glyph on it) as JPEG bytes for print.
    func jpeg(flattened png: Data) throws(PhotoError) -> Data {
        try pipeline.prepare(bytes: png, for: .print, background: .paper).jpeg
    }

    /// A name Cairo can tell pictures apart by, the same for the same picture.
    static func identifier(of glyph: ColourGlyph, on backdrop: Backdrop) -> String {
        "folio-glyph-\(glyph.key)-\(backdrop.red).\(backdrop.green).\(backdrop.blue)"
    }
}
