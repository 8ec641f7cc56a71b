import CLCMS2
import Foundation

/// One Little CMS profile, open while its owner lives. Only `Colour/LittleCMS` sees lcms.
final class ColourProfile {
    /// The colour space a profile's device side is in.
    enum Space {
        case gray, rgb, cmyk, other
    }

    let handle: cmsHPROFILE

    private init?(_ handle: cmsHPROFILE?) {
        guard let handle else { return nil }
        self.handle = handle
    }

    /// A profile read from ICC bytes; nil when they are not one.
    convenience init?(data: Data) {
        self.init(data.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) })
    }

    // Closing a profile only writes when it was opened from a file for writing, which none is.
    deinit { _ = cmsCloseProfile(handle) }

    static func sRGB() -> ColourProfile? { ColourProfile(cmsCreate_sRGBProfile()) }

    /// CIE L*a*b* (D50), the space lightness is judged in.
    static func lab() -> ColourProfile? { ColourProfile(cmsCreateLab4Profile(nil)) }

    /// The sRGB tone curve on a D50 gray axis: untagged gray looks as it does on screen.
    static func sRGBGray() -> ColourProfile? {
        withSRGBToneCurve { curve in ColourProfile(cmsCreateGrayProfile(cmsD50_xyY(), curve)) }
    }

    /// IEC 61966-2.1's curve (Little CMS's parametric type 4), alive for `make` alone.
    private static func withSRGBToneCurve(_ make: (OpaquePointer) -> ColourProfile?) -> ColourProfile? {
        var parameters: [cmsFloat64Number] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        guard let curve = cmsBuildParametricToneCurve(nil, 4, &parameters) else { return nil }
        defer { cmsFreeToneCurve(curve) }
        return make(curve)
    }

    /// RGB on the sRGB tone curve with the given chromaticities (CIE xy): a colour description
    /// without a profile (HEIF's `nclx`, such as Display P3) made into one.
    static func rgb(white: (x: Double, y: Double), red: (x: Double, y: Double), green: (x: Double, y: Double),
                    blue: (x: Double, y: Double)) -> ColourProfile? {
        var whitePoint = cmsCIExyY(x: white.x, y: white.y, Y: 1)
        var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: red.x, y: red.y, Y: 1), Green: cmsCIExyY(x: green.x, y: green.y, Y: 1),
                                        Blue: cmsCIExyY(x: blue.x, y: blue.y, Y: 1))
        return withSRGBToneCurve { curve in
            var curves: [OpaquePointer?] = [curve, curve, curve]
            return ColourProfile(cmsCreateRGBProfile(&whitePoint, &primaries, &curves))
        }
    }

    var space: Space {
        switch cmsGetColorSpace(handle) {
        case cmsSigGrayData: .gray
        case cmsSigRgbData: .rgb
        case cmsSigCmykData: .cmyk
        default: .other
        }
    }

    /// The profile's English description ("sRGB IEC61966-2.1"); nil when it has none.
    var descriptionText: String? {
        var buffer = [CChar](repeating: 0, count: 256)
        let length = cmsGetProfileInfoASCII(handle, cmsInfoDescription, "en", "US", &buffer, 256)
        return length > 0 ? String(cString: buffer) : nil
    }

    /// The profile as ICC bytes written as `version` (2.1 for the widest reader support).
    func bytes(version: Double) -> [UInt8]? {
        cmsSetProfileVersion(handle, version)
        var size: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(handle, nil, &size) != 0, size > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        guard cmsSaveProfileToMem(handle, &bytes, &size) != 0 else { return nil }
        return Array(bytes.prefix(Int(size)))
    }
}
