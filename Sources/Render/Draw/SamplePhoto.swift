import CPangoCairo

/// Draws a landscape picture (sky, sun, hills) for sample diaries: real pixels, made here, so
/// the demo needs no photo files. The same seed gives the same picture.
public enum SamplePhoto {
    /// Interleaved RGB pixels, `width × height × 3` bytes.
    public static func pixels(width: Int, height: Int, seed: UInt64) -> [UInt8] {
        var random = SeededRandom(seed: seed)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)
        let w = Double(width), h = Double(height)
        let hue = random.unit()
        let sky = cairo_pattern_create_linear(0, 0, 0, h * 0.7)
        cairo_pattern_add_color_stop_rgb(sky, 0, 0.15 + 0.3 * hue, 0.35, 0.75 - 0.3 * hue)
        cairo_pattern_add_color_stop_rgb(sky, 1, 0.98, 0.75 + 0.2 * hue, 0.55)
        cairo_set_source(cairo, sky)
        cairo_paint(cairo)
        cairo_pattern_destroy(sky)
        cairo_set_source_rgb(cairo, 1, 0.93, 0.7)
        cairo_arc(cairo, w * (0.2 + 0.6 * random.unit()), h * (0.2 + 0.25 * random.unit()), h * 0.08, 0, 2 * .pi)
        cairo_fill(cairo)
        for layer in 0..<3 {
            let base = h * (0.55 + 0.12 * Double(layer))
            let shade = 0.2 + 0.12 * Double(layer)
            cairo_set_source_rgb(cairo, shade * 0.6, shade + 0.15 * hue, shade * 0.7)
            cairo_move_to(cairo, 0, h)
            cairo_line_to(cairo, 0, base)
            var x = 0.0
            while x < w {
                let step = w / 6
                cairo_curve_to(cairo, x + step * 0.3, base - h * 0.12 * random.unit(), x + step * 0.7,
                               base + h * 0.05 * random.unit(), x + step, base - h * 0.04 * random.unit())
                x += step
            }
            cairo_line_to(cairo, w, h)
            cairo_close_path(cairo)
            cairo_fill(cairo)
        }
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                // RGB24 pixels are native-endian 32-bit words: 0x00RRGGBB.
                let word = UnsafeRawPointer(data + y * stride + x * 4).loadUnaligned(as: UInt32.self)
                let index = (y * width + x) * 3
                rgb[index] = UInt8(truncatingIfNeeded: word >> 16)
                rgb[index + 1] = UInt8(truncatingIfNeeded: word >> 8)
                rgb[index + 2] = UInt8(truncatingIfNeeded: word)
            }
        }
        return rgb
    }
}

/// SplitMix64: a small deterministic generator, so samples and star fields never depend on
/// the clock.
public struct SeededRandom: Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }
}
