import Foundation

/// The parameters of pixman's separable convolution filter as Cairo 1.16 makes them for
/// `CAIRO_FILTER_GOOD` (`create_separable_convolution` with box kernels): per axis, the kernel's
/// width in source pixels, a number of subpixel phases, and for each phase the weights in 16.16
/// fixed point, summing to exactly one.
enum BoxConvolution {
    /// For the map from target to source pixels `matrix`: the scale along each axis, clamped as
    /// Cairo clamps it (at most 16 source pixels a target pixel; under 1/0.75 counts as 1).
    static func parameters(for matrix: AffineMatrix) -> [Int32] {
        parameters(scaleX: clamped(hypot(matrix.xx, matrix.xy)), scaleY: clamped(hypot(matrix.yx, matrix.yy)))
    }

    static func clamped(_ scale: Double) -> Double {
        // Beyond pixman's fixed point (and for inf and nan): its largest number.
        var scale = scale < 0x7FFF ? scale : 0x7FFF
        if scale > 16 { scale = 16 }
        if scale < 1 / 0.75 { scale = 1 }
        return scale
    }

    static func parameters(scaleX: Double, scaleY: Double) -> [Int32] {
        let (widthX, phasesX) = shape(scaleX)
        let (widthY, phasesY) = shape(scaleY)
        return [fixed(widthX), fixed(widthY), fixed(phasesX), fixed(phasesY)]
            + weights(scaleX, width: widthX, subsampleBits: phasesX)
            + weights(scaleY, width: widthY, subsampleBits: phasesY)
    }

    /// The kernel's width in source pixels and the bits of subpixel phases (Cairo's `box_width`
    /// and its loop up to 128 phases a scaled pixel).
    static func shape(_ scale: Double) -> (width: Int, subsampleBits: Int) {
        let width = scale < 1 ? 2 : Int(ceil(scale + 1))
        var bits = 0
        if width > 1 {
            while scale * Double(1 << bits) <= 128 { bits += 1 }
        }
        return (width, bits)
    }

    /// A box of width `r` intersected with a square pixel, at `x` from its centre.
    static func box(_ x: Double, _ r: Double) -> Double {
        max(0, min(min(r, 1), min((r + 1) / 2 - x, (r + 1) / 2 + x)))
    }

    /// Cairo's `get_filter`: each phase's weights, made to sum to one by putting the rounding
    /// error on the centre weight.
    static func weights(_ r: Double, width: Int, subsampleBits: Int) -> [Int32] {
        let phases = 1 << subsampleBits
        guard width > 1 else { return Array(repeating: 65536, count: phases) }
        let step = 1 / Double(phases)
        var all: [Int32] = []
        all.reserveCapacity(phases * width)
        for phase in 0..<phases {
            let fraction = (Double(phase) + 0.5) * step
            // The centre of the leftmost pixel.
            let left = ceil(fraction - Double(width) / 2 - 0.5) - fraction + 0.5
            var total = 0.0
            var weights = [Int32](repeating: 0, count: width)
            for index in 0..<width {
                let value = box(left + Double(index), r)
                total += value
                weights[index] = Int32(value * 65536)
            }
            total = 1 / total
            var sum: Int32 = 0
            for index in 0..<width {
                weights[index] = Int32(Double(weights[index]) * total)
                sum &+= weights[index]
            }
            weights[width / 2] &+= 65536 &- sum
            all += weights
        }
        return all
    }

    private static func fixed(_ value: Int) -> Int32 { Int32(truncatingIfNeeded: UInt32(value) << 16) }
}
