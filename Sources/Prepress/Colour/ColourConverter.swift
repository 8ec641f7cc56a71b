import CLCMS2
import Foundation

/// Converts decoded photos with Little CMS, from their embedded profile (untagged RGB is sRGB;
/// untagged gray uses the sRGB tone curve), to sRGB in Cairo's RGB24 layout (B, G, R, unused)
/// or to a CMYK print profile. Transforms are cached per source profile and target.
/// Not shared between threads: one per job.
public final class ColourConverter {
    public enum Intent: String, Sendable, CaseIterable {
        case perceptual
        case relative = "relative-colorimetric"

        var lcms: cmsUInt32Number {
            switch self {
            case .perceptual: cmsUInt32Number(INTENT_PERCEPTUAL)
            case .relative: cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC)
            }
        }
    }

    private struct Key: Hashable {
        var profile: Data?
        var layout: String
        var toCMYK: Bool
    }

    private let intent: Intent
    private let blackPointCompensation: Bool
    private let sRGB: cmsHPROFILE
    /// The print profile photos are converted to by `toCMYK`, and its bytes.
    private let cmyk: (profile: cmsHPROFILE, data: Data)?
    private var transforms: [Key: cmsHTRANSFORM] = [:]

    /// `cmykProfile`: a CMYK ICC profile for `toCMYK`; a profile that is not CMYK is refused.
    public init(intent: Intent = .perceptual, blackPointCompensation: Bool = true, cmykProfile: Data? = nil) {
        self.intent = intent
        self.blackPointCompensation = blackPointCompensation
        sRGB = cmsCreate_sRGBProfile()
        cmyk = cmykProfile.flatMap { data in
            guard let profile = ICCProfile.open(data) else { return nil }
            guard cmsGetColorSpace(profile) == cmsSigCmykData else { cmsCloseProfile(profile); return nil }
            return (profile, data)
        }
    }

    deinit {
        for transform in transforms.values { cmsDeleteTransform(transform) }
        cmsCloseProfile(sRGB)
        if let cmyk { cmsCloseProfile(cmyk.profile) }
    }

    /// `image` in the print profile: C, M, Y, K bytes a pixel, 255 = full ink (not inverted).
    /// CMYK already tagged with the print profile, and untagged CMYK (taken to be the press's
    /// own, as prepress tools do), keep their values.
    public func toCMYK(_ image: RasterImage) throws(PhotoError) -> [UInt8] {
        guard cmyk != nil else { throw .unsupported("the product has no CMYK profile") }
        if isInPrintSpace(image), case .cmyk(let inverted) = image.layout {
            return inverted ? image.pixels.map { 255 - $0 } : image.pixels
        }
        var output = [UInt8](repeating: 0, count: image.width * image.height * 4)
        try run(transform(for: image, toCMYK: true), image, into: &output)
        return output
    }

    /// CMYK already in the print profile: tagged with it, or untagged (the press's own).
    public func isInPrintSpace(_ image: RasterImage) -> Bool {
        guard let cmyk, case .cmyk = image.layout else { return false }
        return image.iccProfile == nil || image.iccProfile == cmyk.data
    }

    /// `image` as sRGB in Cairo RGB24 layout, `width × 4` bytes per row.
    public func toCairoRGB(_ image: RasterImage) throws(PhotoError) -> [UInt8] {
        let count = image.width * image.height
        var output = [UInt8](repeating: 255, count: count * 4)
        if case .cmyk(let inverted) = image.layout, profileSpace(image.iccProfile) != cmsSigCmykData {
            Self.naiveCMYK(image.pixels, inverted: inverted, into: &output)
            return output
        }
        // sRGB to sRGB is no conversion: the bytes are only reordered (most photos, and the
        // costliest step after decoding if Little CMS did it).
        if case .rgb = image.layout, Self.isSRGB(image.iccProfile) {
            Self.reorderRGB(image.pixels, into: &output)
            return output
        }
        try run(transform(for: image, toCMYK: false), image, into: &output)
        return output
    }

    private func run(_ transform: cmsHTRANSFORM, _ image: RasterImage, into output: inout [UInt8]) {
        image.pixels.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                cmsDoTransform(transform, input.baseAddress, out.baseAddress, cmsUInt32Number(image.width * image.height))
            }
        }
    }

    private func transform(for image: RasterImage, toCMYK: Bool) throws(PhotoError) -> cmsHTRANSFORM {
        let wanted: cmsColorSpaceSignature
        let format: cmsUInt32Number
        switch image.layout {
        case .gray: (wanted, format) = (cmsSigGrayData, FOLIO_TYPE_GRAY_8)
        case .rgb: (wanted, format) = (cmsSigRgbData, FOLIO_TYPE_RGB_8)
        case .cmyk(let inverted): (wanted, format) = (cmsSigCmykData, inverted ? FOLIO_TYPE_CMYK_8_REV : FOLIO_TYPE_CMYK_8)
        }
        // A profile of another colour space than the pixels is ignored, as viewers do.
        let profile = profileSpace(image.iccProfile) == wanted ? image.iccProfile : nil
        let key = Key(profile: profile, layout: "\(image.layout)", toCMYK: toCMYK)
        if let cached = transforms[key] { return cached }
        guard let source = openProfile(profile, layout: image.layout) else {
            throw .unsupported("its colour profile cannot be read")
        }
        defer { cmsCloseProfile(source) }
        let flags = blackPointCompensation ? cmsUInt32Number(cmsFLAGS_BLACKPOINTCOMPENSATION) : 0
        let target = toCMYK ? cmyk?.profile : sRGB
        guard let transform = cmsCreateTransform(source, format, target, toCMYK ? FOLIO_TYPE_CMYK_8 : FOLIO_TYPE_BGRA_8,
                                                 intent.lcms, flags) else {
            throw .unsupported("no colour transform from its profile to \(toCMYK ? "the print profile" : "sRGB")")
        }
        transforms[key] = transform
        return transform
    }

    private func openProfile(_ data: Data?, layout: RasterImage.Layout) -> cmsHPROFILE? {
        if let data { return ICCProfile.open(data) }
        switch layout {
        case .rgb: return cmsCreate_sRGBProfile()
        case .gray:
            // The sRGB tone curve on a D50 gray axis: untagged gray looks as it does on screen.
            var parameters: [cmsFloat64Number] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
            guard let curve = cmsBuildParametricToneCurve(nil, 4, &parameters) else { return nil }
            defer { cmsFreeToneCurve(curve) }
            return cmsCreateGrayProfile(cmsD50_xyY(), curve)
        case .cmyk: return nil
        }
    }

    private func profileSpace(_ data: Data?) -> cmsColorSpaceSignature? {
        guard let data, let profile = ICCProfile.open(data) else { return nil }
        defer { cmsCloseProfile(profile) }
        return cmsGetColorSpace(profile)
    }

    /// Untagged CMYK has no colour meaning to convert from; the documented default is the
    /// naive complement (R = 255 − min(255, C + K)), which keeps the picture recognisable.
    /// R, G, B bytes as Cairo's RGB24 in memory (B, G, R, unused) on a little-endian machine.
    private static func reorderRGB(_ pixels: [UInt8], into output: inout [UInt8]) {
        let count = min(pixels.count / 3, output.count / 4)
        pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                for index in 0..<count {
                    target[index * 4] = source[index * 3 + 2]
                    target[index * 4 + 1] = source[index * 3 + 1]
                    target[index * 4 + 2] = source[index * 3]
                }
            }
        }
    }

    private static func naiveCMYK(_ pixels: [UInt8], inverted: Bool, into output: inout [UInt8]) {
        let count = pixels.count / 4
        for index in 0..<count {
            var c = Int(pixels[index * 4]), m = Int(pixels[index * 4 + 1])
            var y = Int(pixels[index * 4 + 2]), k = Int(pixels[index * 4 + 3])
            if inverted { (c, m, y, k) = (255 - c, 255 - m, 255 - y, 255 - k) }
            output[index * 4] = UInt8(255 - min(255, y + k))
            output[index * 4 + 1] = UInt8(255 - min(255, m + k))
            output[index * 4 + 2] = UInt8(255 - min(255, c + k))
        }
    }

    /// True for no profile (taken as sRGB) or a profile that describes itself as sRGB.
    public static func isSRGB(_ data: Data?) -> Bool {
        guard let data else { return true }
        guard let profile = ICCProfile.open(data) else { return false }
        defer { cmsCloseProfile(profile) }
        var buffer = [CChar](repeating: 0, count: 256)
        let length = cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", &buffer, 256)
        let description = length > 0 ? String(cString: buffer) : ""
        return cmsGetColorSpace(profile) == cmsSigRgbData && description.contains("sRGB")
    }
}
