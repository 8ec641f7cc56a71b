import CPangoCairo

/// A photo's pixels turned upright and scaled in one Cairo paint (pixman's filtered scaling).
/// CMYK pixels ride through as ARGB32 (C, M, Y, K in memory order B, G, R, A): with the SOURCE
/// operator pixman filters each channel on its own and never premultiplies.
enum PhotoResampling {
    /// `pixels`: `width × height` words of the stored (not yet upright) image; `upright` its
    /// size once turned by EXIF `orientation`. Returns the `targetWidth × targetHeight` image.
    static func resample(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, orientation: Int,
                         upright: (width: Int, height: Int), targetWidth: Int, targetHeight: Int,
                         format: CairoSurface.PixelFormat) throws(RenderError) -> CairoSurface {
        let label = "photo resampled to \(targetWidth)×\(targetHeight)"
        let source = try CairoSurface.image(borrowing: pixels, width: width, height: height, format: format, label: label)
        let target = try CairoSurface.image(width: targetWidth, height: targetHeight, format: format, label: label)
        let context = try CairoContext(on: target)
        let cairo = context.pointer
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        cairo_scale(cairo, Double(targetWidth) / Double(upright.width), Double(targetHeight) / Double(upright.height))
        var matrix = orientationMatrix(orientation, width: Double(width), height: Double(height))
        cairo_transform(cairo, &matrix)
        cairo_set_source_surface(cairo, source.pointer, 0, 0)
        let pattern = cairo_get_source(cairo)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_paint(cairo)
        try context.check("resampling")
        return target
    }

    /// Maps stored pixel coordinates to upright ones for EXIF orientations 1…8.
    static func orientationMatrix(_ orientation: Int, width w: Double, height h: Double) -> cairo_matrix_t {
        var m = cairo_matrix_t()
        switch orientation {
        case 2: cairo_matrix_init(&m, -1, 0, 0, 1, w, 0)
        case 3: cairo_matrix_init(&m, -1, 0, 0, -1, w, h)
        case 4: cairo_matrix_init(&m, 1, 0, 0, -1, 0, h)
        case 5: cairo_matrix_init(&m, 0, 1, 1, 0, 0, 0)
        case 6: cairo_matrix_init(&m, 0, 1, -1, 0, h, 0)
        case 7: cairo_matrix_init(&m, 0, -1, -1, 0, h, w)
        case 8: cairo_matrix_init(&m, 0, -1, 1, 0, 0, w)
        default: cairo_matrix_init_identity(&m)
        }
        return m
    }
}
