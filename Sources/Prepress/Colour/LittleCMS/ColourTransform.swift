import CLCMS2

/// One Little CMS transform between two profiles, deleted with its owner. The profiles may
/// close once it is made: lcms keeps what it needs.
final class ColourTransform {
    /// How pixels are laid out in memory on either side.
    enum PixelFormat {
        case gray8, rgb8, cmyk8
        /// CMYK stored inverted (Adobe's JPEG convention: 255 − ink).
        case cmyk8Inverted
        /// Cairo's RGB24 pixels on a little-endian machine: B, G, R, unused.
        case bgra8
        case rgb16, cmyk16
        case labDouble

        var lcms: cmsUInt32Number {
            switch self {
            case .gray8: FOLIO_TYPE_GRAY_8
            case .rgb8: FOLIO_TYPE_RGB_8
            case .cmyk8: FOLIO_TYPE_CMYK_8
            case .cmyk8Inverted: FOLIO_TYPE_CMYK_8_REV
            case .bgra8: FOLIO_TYPE_BGRA_8
            case .rgb16: FOLIO_TYPE_RGB_16
            case .cmyk16: FOLIO_TYPE_CMYK_16
            case .labDouble: FOLIO_TYPE_Lab_DBL
            }
        }
    }

    private let handle: cmsHTRANSFORM

    /// Nil when Little CMS cannot join the two (a profile that does not fit its format).
    init?(from source: ColourProfile, _ input: PixelFormat, to target: ColourProfile, _ output: PixelFormat,
          intent: ColourConverter.Intent, blackPointCompensation: Bool) {
        let flags = blackPointCompensation ? cmsUInt32Number(cmsFLAGS_BLACKPOINTCOMPENSATION) : 0
        guard let handle = cmsCreateTransform(source.handle, input.lcms, target.handle, output.lcms, intent.lcms, flags) else {
            return nil
        }
        self.handle = handle
    }

    deinit { cmsDeleteTransform(handle) }

    /// Converts `count` pixels from `input` into `output`, each laid out as the transform says.
    func apply(_ input: UnsafeRawPointer?, into output: UnsafeMutableRawPointer?, count: Int) {
        cmsDoTransform(handle, input, output, cmsUInt32Number(count))
    }
}

extension ColourConverter.Intent {
    var lcms: cmsUInt32Number {
        switch self {
        case .perceptual: cmsUInt32Number(INTENT_PERCEPTUAL)
        case .relative: cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC)
        }
    }
}
