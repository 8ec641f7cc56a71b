import CPangoCairo

/// A Cairo scaled font (a face at a size, with its options) held for a set line after its
/// Pango paragraph is gone: Pango's font keeps it as long as the font map lives, this reference
/// as long as any line that draws with it.
final class ScaledFont {
    let pointer: OpaquePointer

    init(retaining pointer: OpaquePointer) {
        self.pointer = cairo_scaled_font_reference(pointer)
    }

    deinit { cairo_scaled_font_destroy(pointer) }
}
