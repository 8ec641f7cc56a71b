import Foundation

/// An affine map in Cairo's `cairo_matrix_t` form, computed operation for operation as Cairo
/// 1.16's matrix code computes it (the same products in the same order, the same shortcuts), so
/// that the transform pixman is given, and every resampled pixel with it, is the one Cairo's
/// paint gave. Maps (x, y) to (xx·x + xy·y + x0, yx·x + yy·y + y0).
struct AffineMatrix: Equatable, Sendable {
    var xx: Double, yx: Double, xy: Double, yy: Double, x0: Double, y0: Double

    static let identity = AffineMatrix(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0)

    static func scale(_ sx: Double, _ sy: Double) -> AffineMatrix {
        AffineMatrix(xx: sx, yx: 0, xy: 0, yy: sy, x0: 0, y0: 0)
    }

    static func translation(_ tx: Double, _ ty: Double) -> AffineMatrix {
        AffineMatrix(xx: 1, yx: 0, xy: 0, yy: 1, x0: tx, y0: ty)
    }

    /// Stored pixel coordinates to upright ones for EXIF orientation 1…8, in a stored image of
    /// `width × height` (anything else is 1).
    static func orientation(_ orientation: Int, width w: Double, height h: Double) -> AffineMatrix {
        switch orientation {
        case 2: AffineMatrix(xx: -1, yx: 0, xy: 0, yy: 1, x0: w, y0: 0)
        case 3: AffineMatrix(xx: -1, yx: 0, xy: 0, yy: -1, x0: w, y0: h)
        case 4: AffineMatrix(xx: 1, yx: 0, xy: 0, yy: -1, x0: 0, y0: h)
        case 5: AffineMatrix(xx: 0, yx: 1, xy: 1, yy: 0, x0: 0, y0: 0)
        case 6: AffineMatrix(xx: 0, yx: 1, xy: -1, yy: 0, x0: h, y0: 0)
        case 7: AffineMatrix(xx: 0, yx: -1, xy: -1, yy: 0, x0: h, y0: w)
        case 8: AffineMatrix(xx: 0, yx: -1, xy: 1, yy: 0, x0: 0, y0: w)
        default: .identity
        }
    }

    /// `self`, then `next` (`cairo_matrix_multiply(result, self, next)`).
    func followed(by next: AffineMatrix) -> AffineMatrix {
        AffineMatrix(xx: xx * next.xx + yx * next.xy, yx: xx * next.yx + yx * next.yy,
                     xy: xy * next.xx + yy * next.xy, yy: xy * next.yx + yy * next.yy,
                     x0: x0 * next.xx + y0 * next.xy + next.x0, y0: x0 * next.yx + y0 * next.yy + next.y0)
    }

    /// A translation by (tx, ty), then `self` (`cairo_matrix_translate`).
    func translated(_ tx: Double, _ ty: Double) -> AffineMatrix {
        AffineMatrix.translation(tx, ty).followed(by: self)
    }

    var determinant: Double { xx * yy - yx * xy }

    /// `cairo_matrix_invert`, with its shortcut for scales and translations; nil when the map
    /// cannot be inverted.
    func inverted() -> AffineMatrix? {
        if xy == 0, yx == 0 {
            var inverse = self
            inverse.x0 = -x0
            inverse.y0 = -y0
            if xx != 1 {
                guard xx != 0 else { return nil }
                inverse.xx = 1 / xx
                inverse.x0 *= inverse.xx
            }
            if yy != 1 {
                guard yy != 0 else { return nil }
                inverse.yy = 1 / yy
                inverse.y0 *= inverse.yy
            }
            return inverse
        }
        let det = determinant
        guard det.isFinite, det != 0 else { return nil }
        // The adjoint, scaled by 1 / det.
        let scale = 1 / det
        return AffineMatrix(xx: yy * scale, yx: -yx * scale, xy: -xy * scale, yy: xx * scale,
                            x0: (xy * y0 - yy * x0) * scale, y0: (yx * x0 - xx * y0) * scale)
    }

    func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        let (dx, dy) = applyToDistance(x, y)
        return (dx + x0, dy + y0)
    }

    func applyToDistance(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (xx * x + xy * y, yx * x + yy * y)
    }

    var isIdentity: Bool { isTranslation && x0 == 0 && y0 == 0 }
    var isTranslation: Bool { xx == 1 && yx == 0 && xy == 0 && yy == 1 }

    /// A 90° turn or flip without scaling, within Cairo's tolerance of one 256th.
    var hasUnityScale: Bool {
        let epsilon = 1.0 / 256
        guard abs(determinant * determinant - 1) < epsilon else { return false }
        return (abs(xy) < epsilon && abs(yx) < epsilon) || (abs(xx) < epsilon && abs(yy) < epsilon)
    }

    /// Turns, flips and whole-pixel translations only: one source pixel for each target pixel.
    var isPixelExact: Bool {
        hasUnityScale && CairoFixed.isInteger(CairoFixed.from(x0)) && CairoFixed.isInteger(CairoFixed.from(y0))
    }
}

/// Cairo's fixed-point conversions, by its own trick (adding a magic number and taking the low
/// word of the double), which rounds as its C code does.
enum CairoFixed {
    /// Cairo's 24.8 fixed point.
    static func from(_ value: Double) -> Int32 {
        Int32(truncatingIfNeeded: (value + 26_388_279_066_624.0).bitPattern)
    }

    static func isInteger(_ fixed: Int32) -> Bool { fixed & 0xFF == 0 }

    /// pixman's 16.16 fixed point, as Cairo fills pixman's transforms.
    static func from16_16(_ value: Double) -> Int32 {
        Int32(truncatingIfNeeded: (value + 103_079_215_104.0).bitPattern)
    }
}
