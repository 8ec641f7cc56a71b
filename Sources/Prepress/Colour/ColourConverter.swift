import Foundation

/// Converts decoded photos with Little CMS, from their embedded profile (untagged RGB is sRGB;
/// untagged gray uses the sRGB tone curve), to sRGB in Cairo's RGB24 layout (B, G, R, unused)
/// or to a CMYK print profile. Transforms are cached per source profile and target.
/// Not shared between threads: one per job.
public final class ColourConverter {
    public enum Intent: String, Sendable, CaseIterable {
        case perceptual
        case relative = "relative-colorimetric"
    }

    private struct Key: Hashable {
        var profile: Data?
        var layout: String
        var toCMYK: Bool
    }

    private let intent: Intent
    private let blackPointCompensation: Bool
    /// Nil only when Little CMS could not make it: conversions to sRGB then fail, typed.
    private let sRGB: ColourProfile?
    /// The print profile photos are converted to by `toCMYK`, and its bytes.
    private let cmyk: (profile: ColourProfile, data: Data)?
    private var transforms: [Key: ColourTransform] = [:]

    /// `cmykProfile`: a CMYK ICC profile for `toCMYK`; a profile that is not CMYK is refused.
    public init(intent: Intent = .perceptual, blackPointCompensation: Bool = true, cmykProfile: Data? = nil) {
        self.intent = intent
        self.blackPointCompensation = blackPointCompensation
        sRGB = ColourProfile.sRGB()
        cmyk = cmykProfile.flatMap { data in
            guard let profile = ColourProfile(data: data), profile.space == .cmyk else { return nil }
            return (profile, data)
        }
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
        if case .cmyk(let inverted) = image.layout, profileSpace(image.iccProfile) != .cmyk {
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

    private func run(_ transform: ColourTransform, _ image: RasterImage, into output: inout [UInt8]) {
        image.pixels.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                transform.apply(input.baseAddress, into: out.baseAddress, count: image.width * image.height)
            }
        }
    }

    private func transform(for image: RasterImage, toCMYK: Bool) throws(PhotoError) -> ColourTransform {
        let wanted: ColourProfile.Space
        let format: ColourTransform.PixelFormat
        switch image.layout {
        case .gray: (wanted, format) = (.gray, .gray8)
        case .rgb: (wanted, format) = (.rgb, .rgb8)
        case .cmyk(let inverted): (wanted, format) = (.cmyk, inverted ? .cmyk8Inverted : .cmyk8)
        }
        // A profile of another colour space than the pixels is ignored, as viewers do.
        let profile = profileSpace(image.iccProfile) == wanted ? image.iccProfile : nil
        let key = Key(profile: profile, layout: "\(image.layout)", toCMYK: toCMYK)
        if let cached = transforms[key] { return cached }
        guard let source = openProfile(profile, layout: image.layout) else {
            throw .unsupported("its colour profile cannot be read")
        }
        let targetName = toCMYK ? "the print profile" : "sRGB"
        guard let target = toCMYK ? cmyk?.profile : sRGB else { throw .unsupported("no \(targetName) to convert to") }
        guard let transform = ColourTransform(from: source, format, to: target, toCMYK ? .cmyk8 : .bgra8,
                                              intent: intent, blackPointCompensation: blackPointCompensation) else {
            throw .unsupported("no colour transform from its profile to \(targetName)")
        }
        transforms[key] = transform
        return transform
    }

    private func openProfile(_ data: Data?, layout: RasterImage.Layout) -> ColourProfile? {
        if let data { return ColourProfile(data: data) }
        switch layout {
        case .rgb: return ColourProfile.sRGB()
        case .gray: return ColourProfile.sRGBGray()
        case .cmyk: return nil
        }
    }

    private func profileSpace(_ data: Data?) -> ColourProfile.Space? {
        data.flatMap { ColourProfile(data: $0) }?.space
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
        guard let profile = ColourProfile(data: data) else { return false }
        return profile.space == .rgb && (profile.descriptionText ?? "").contains("sRGB")
    }
}
