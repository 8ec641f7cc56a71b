import CPixman

/// A pixman transform (16.16 fixed point) for a target-to-source `AffineMatrix`, made as Cairo
/// 1.16 makes it for a filtered paint (`_cairo_matrix_to_pixman_matrix_offset`): the whole-pixel
/// part of the translation moved into the composite's source offset, then the rounded transform
/// nudged until it agrees with the exact one at the centre of the target.
struct PixmanTransform {
    var transform: pixman_transform_t
    /// Where the composite starts reading the source: the translation moved out of the transform.
    var offsetX: Int
    var offsetY: Int

    /// The largest coordinate Cairo lets into a transform (deltas must fit pixman's 16.16 too).
    static let largest = 32767.0

    /// `matrix` maps target pixels to source pixels and is no pure translation; `centre` is the
    /// target's centre.
    init(_ matrix: AffineMatrix, centre: (x: Double, y: Double)) throws(PhotoError) {
        var m = matrix.translated(0, 0)
        (offsetX, offsetY) = (0, 0)
        if m.x0 != 0 || m.y0 != 0 {
            let (tx, ty) = Self.balancedTranslation(m)
            guard let x = Int(exactly: -tx), let y = Int(exactly: -ty) else {
                throw .unsupported("the photo's transform is out of range (\(tx), \(ty))")
            }
            (offsetX, offsetY) = (x, y)
            m = m.translated(tx, ty)
        }
        transform = pixman_transform_t(matrix: (
            (CairoFixed.from16_16(m.xx), CairoFixed.from16_16(m.xy), CairoFixed.from16_16(m.x0)),
            (CairoFixed.from16_16(m.yx), CairoFixed.from16_16(m.yy), CairoFixed.from16_16(m.y0)),
            (0, 0, 1 << 16)))
        if m.hasUnityScale { return }
        guard [m.xx, m.xy, m.x0, m.yx, m.yy, m.y0].allSatisfy({ abs($0) <= Self.largest }) else {
            throw .unsupported("the photo's transform is beyond pixman's fixed point")
        }
        guard let inverse = m.inverted() else { return }
        adjust(m, inverse: inverse, centre: centre)
    }

    /// The translation pixman keeps: the floor of the point whose offset is smallest (pixman
    /// limits source offsets to 16 bits, so the bits are shared between the two).
    private static func balancedTranslation(_ m: AffineMatrix) -> (Double, Double) {
        var (tx, ty) = (m.x0, m.y0)
        var norm = max(abs(tx), abs(ty))
        for i in [-1.0, 1.0] {
            for j in [-1.0, 1.0] {
                var den = (m.xx + i) * (m.yy + j) - m.xy * m.yx
                if abs(den) < Double.ulpOfOne { continue }
                var x = m.y0 * m.xy - m.x0 * (m.yy + j)
                var y = m.x0 * m.yx - m.y0 * (m.xx + i)
                den = 1 / den
                x *= den
                y *= den
                let candidate = max(abs(x), abs(y))
                if norm > candidate {
                    norm = candidate
                    (tx, ty) = (x, y)
                }
            }
        }
        return (tx.rounded(.down), ty.rounded(.down))
    }

    /// Rounding the matrix breaks translation invariance; Cairo fixes the target's centre: up
    /// to five times, it maps the centre through the rounded transform and back through the
    /// exact inverse and takes the error off the translation.
    private mutating func adjust(_ m: AffineMatrix, inverse: AffineMatrix, centre: (x: Double, y: Double)) {
        for _ in 0..<5 {
            var vector = pixman_vector_t(vector: (CairoFixed.from16_16(centre.x), CairoFixed.from16_16(centre.y), 1 << 16))
            guard pixman_transform_point_3d(&transform, &vector) != 0 else { return }
            var (x, y) = inverse.apply(Double(vector.vector.0) / 65536, Double(vector.vector.1) / 65536)
            x -= centre.x
            y -= centre.y
            (x, y) = m.applyToDistance(x, y)
            let dx = CairoFixed.from16_16(x), dy = CairoFixed.from16_16(y)
            transform.matrix.0.2 &-= dx
            transform.matrix.1.2 &-= dy
            if dx == 0, dy == 0 { return }
        }
    }
}
