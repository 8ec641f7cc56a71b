import Foundation

/// A photo's pixels turned upright by their EXIF orientation and scaled in one pass through
/// pixman, exactly as the paint Cairo 1.16 made of it computed them (`CAIRO_OPERATOR_SOURCE`,
/// `CAIRO_FILTER_GOOD`, `CAIRO_EXTEND_PAD` on an image surface): the same map from target to
/// source pixels, the same choice of filter, the same transform and offsets, the same composite.
/// So the bytes are those Folio printed when Cairo did it, without Cairo.
enum PhotoResampler {
    /// `pixels`: `width × height` words (`format`) of the stored, not yet upright, image.
    static func resample(_ pixels: [UInt8], width: Int, height: Int, orientation: Int, format: PixmanImage.Format,
                         targetWidth: Int, targetHeight: Int) throws(PhotoError) -> ResampledPhoto {
        let refused = PhotoError.unsupported("cannot resample \(width)×\(height) pixels to \(targetWidth)×\(targetHeight)")
        guard width > 0, height > 0, targetWidth > 0, targetHeight > 0, pixels.count == width * height * 4 else { throw refused }
        let matrix = try targetToSource(width: width, height: height, orientation: orientation,
                                        targetWidth: targetWidth, targetHeight: targetHeight)
        // The only translation a turn and a scale make is none at all: Cairo copies the pixels.
        if matrix.isTranslation {
            guard matrix.isIdentity, width == targetWidth, height == targetHeight else { throw refused }
            return ResampledPhoto(pixels: pixels, width: width, height: height)
        }
        let transform = try PixmanTransform(matrix, centre: (Double(targetWidth) / 2, Double(targetHeight) / 2))
        let target = try PixmanImage(width: targetWidth, height: targetHeight, format: format)
        let result = pixels.withUnsafeBytes { raw -> Result<Void, PhotoError> in
            guard let base = raw.baseAddress else { return .failure(.corrupt("no pixels")) }
            return Result { () throws(PhotoError) in
                // A source image is only read: pixman takes it through a mutable pointer all the same.
                try PixmanImage.reading(UnsafeMutableRawPointer(mutating: base), width: width, height: height,
                                        format: format) { image throws(PhotoError) in
                    try image.sample(through: transform, filter: filter(for: matrix))
                    try target.fill(from: image, x: transform.offsetX, y: transform.offsetY)
                }
            }
        }
        try result.get()
        return ResampledPhoto(image: target)
    }

    /// Target pixels to stored source pixels, as Cairo's pattern matrix came out of
    /// `cairo_scale`, `cairo_transform` (the orientation) and `cairo_set_source_surface` at 0, 0:
    /// the inverses composed step by step, not the product inverted, for the same rounding.
    static func targetToSource(width: Int, height: Int, orientation: Int, targetWidth: Int,
                               targetHeight: Int) throws(PhotoError) -> AffineMatrix {
        let upright = uprightSize(width: width, height: height, orientation: orientation)
        let sx = Double(targetWidth) / Double(upright.width), sy = Double(targetHeight) / Double(upright.height)
        var inverse = AffineMatrix.identity.followed(by: .scale(1 / sx, 1 / sy))
        let orient = AffineMatrix.orientation(orientation, width: Double(width), height: Double(height))
        if !orient.isIdentity {
            guard let undo = orient.inverted() else { throw .unsupported("EXIF orientation \(orientation)") }
            inverse = inverse.followed(by: undo)
        }
        return inverse.isIdentity ? inverse : inverse.followed(by: .translation(-0.0, -0.0))
    }

    /// The size of a stored `width × height` image once turned by EXIF `orientation`.
    static func uprightSize(width: Int, height: Int, orientation: Int) -> (width: Int, height: Int) {
        (5...8).contains(orientation) ? (height, width) : (width, height)
    }

    /// Cairo's `_cairo_pattern_analyze_filter` for `CAIRO_FILTER_GOOD`: none where pixels map
    /// one to one; bilinear when both axes shrink by less than 1/0.75 (or by exactly half on
    /// whole pixels); else the box convolution.
    static func filter(for matrix: AffineMatrix) -> PixmanImage.Filter {
        if matrix.isPixelExact { return .nearest }
        if usesBilinear(matrix.xx, matrix.xy, matrix.x0), usesBilinear(matrix.yx, matrix.yy, matrix.y0) { return .bilinear }
        return .separableConvolution(BoxConvolution.parameters(for: matrix))
    }

    private static func usesBilinear(_ x: Double, _ y: Double, _ translation: Double) -> Bool {
        let h = x * x + y * y
        if h < 1.0 / (0.75 * 0.75) { return true }
        return h > 3.99 && h < 4.01 && CairoFixed.from(x * y) == 0 && CairoFixed.isInteger(CairoFixed.from(translation))
    }
}
