/// Draws a landscape picture (sky, sun, hills) for sample diaries: real pixels, made here, so
/// the demo needs no photo files. The same seed gives the same picture.
public enum SamplePhoto {
    /// Interleaved RGB pixels, `width × height × 3` bytes.
    public static func pixels(width: Int, height: Int, seed: UInt64) -> [UInt8] {
        var random = SeededRandom(seed: seed)
        // A demo picture that cannot be drawn (no memory) is empty: the caller writes no photo.
        guard let context = try? CairoContext(on: try CairoSurface.image(width: width, height: height, label: "sample photo")) else {
            return []
        }
        let w = Double(width), h = Double(height)
        let hue = random.unit()
        context.setLinearGradient(x0: 0, y0: 0, x1: 0, y1: h * 0.7, stops: [
            GradientStop(offset: 0, red: 0.15 + 0.3 * hue, green: 0.35, blue: 0.75 - 0.3 * hue),
            GradientStop(offset: 1, red: 0.98, green: 0.75 + 0.2 * hue, blue: 0.55),
        ])
        context.paint()
        context.setColour(red: 1, green: 0.93, blue: 0.7)
        context.circle(x: w * (0.2 + 0.6 * random.unit()), y: h * (0.2 + 0.25 * random.unit()), radius: h * 0.08)
        context.fill()
        for layer in 0..<3 {
            let base = h * (0.55 + 0.12 * Double(layer))
            let shade = 0.2 + 0.12 * Double(layer)
            context.setColour(red: shade * 0.6, green: shade + 0.15 * hue, blue: shade * 0.7)
            context.move(toX: 0, y: h)
            context.line(toX: 0, y: base)
            var x = 0.0
            while x < w {
                let step = w / 6
                context.curve(x1: x + step * 0.3, y1: base - h * 0.12 * random.unit(), x2: x + step * 0.7,
                              y2: base + h * 0.05 * random.unit(), toX: x + step, y: base - h * 0.04 * random.unit())
                x += step
            }
            context.line(toX: w, y: h)
            context.closePath()
            context.fill()
        }
        guard (try? context.check("drawing the sample photo")) != nil, let rgb = try? context.surface.packedRGB() else { return [] }
        return rgb
    }
}
