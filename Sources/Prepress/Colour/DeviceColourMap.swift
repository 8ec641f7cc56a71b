import Foundation

/// The inks for a colour Cairo drew in sRGB, for a book printed in CMYK. Neutral greys and
/// black go to black ink alone, so text sits on one plate with no registration fringe, at the
/// lightness the print profile gives that grey; other colours go through Little CMS with the
/// product's intent. Components are 0…1. One per finishing run, not shared between threads.
public final class DeviceColourMap {
    private let toCMYK: ColourTransform
    private let toLab: ColourTransform
    /// L* of black ink alone at k = 0…255, from the print profile (falling as k rises).
    private let blackLightness: [Double]
    private let blackPointCompensation: Bool
    /// The press's total ink limit as a sum of components (2.4 for 240 %), if it has one.
    private let inkLimit: Double?
    private var cache: [[UInt16]: [Double]] = [:]

    public init?(cmykProfile: Data, intent: ColourConverter.Intent, blackPointCompensation: Bool, inkLimitPercent: Double? = nil) {
        inkLimit = inkLimitPercent.map { $0 / 100 }
        guard let cmyk = ColourProfile(data: cmykProfile), cmyk.space == .cmyk, let sRGB = ColourProfile.sRGB(),
              let lab = ColourProfile.lab(),
              let toCMYK = ColourTransform(from: sRGB, .rgb16, to: cmyk, .cmyk16, intent: intent,
                                           blackPointCompensation: blackPointCompensation),
              let toLab = ColourTransform(from: sRGB, .rgb16, to: lab, .labDouble, intent: .relative, blackPointCompensation: false),
              let inkToLab = ColourTransform(from: cmyk, .cmyk16, to: lab, .labDouble, intent: .relative, blackPointCompensation: false)
        else { return nil }
        self.toCMYK = toCMYK
        self.toLab = toLab
        self.blackPointCompensation = blackPointCompensation
        blackLightness = (0...255).map { k in
            var ink: [UInt16] = [0, 0, 0, UInt16(k) * 257]
            var lab: [Double] = [0, 0, 0]
            inkToLab.apply(&ink, into: &lab, count: 1)
            return lab[0]
        }
    }

    /// Cyan, magenta, yellow and black for an sRGB colour.
    public func cmyk(red: Double, green: Double, blue: Double) -> [Double] {
        let key = [red, green, blue].map { UInt16((min(1, max(0, $0)) * 65535).rounded()) }
        if let known = cache[key] { return known }
        var rgb = key
        let result: [Double]
        // Within about 0.1 % of neutral: Cairo writes colours rounded to a few digits.
        if max(key[0], key[1], key[2]) - min(key[0], key[1], key[2]) <= 80 {
            result = [0, 0, 0, blackInk(for: &rgb)]
        } else {
            var ink: [UInt16] = [0, 0, 0, 0]
            toCMYK.apply(&rgb, into: &ink, count: 1)
            result = Self.limited(ink.map { Double($0) / 65535 }, to: inkLimit)
        }
        cache[key] = result
        return result
    }

    /// Over the limit, cyan, magenta and yellow are taken down in proportion and black kept, as
    /// the photo limiter does: a profile built for a heavier press cannot over-ink this one.
    static func limited(_ ink: [Double], to limit: Double?) -> [Double] {
        guard let limit, ink.count == 4, ink.reduce(0, +) > limit else { return ink }
        let colour = ink[0] + ink[1] + ink[2]
        guard colour > 0 else { return ink }
        let scale = max(0, limit - ink[3]) / colour
        return [ink[0] * scale, ink[1] * scale, ink[2] * scale, ink[3]]
    }

    /// The black ink that prints a grey as light as it looks on screen; with black-point
    /// compensation sRGB's black lands on full black ink and the scale in between is kept.
    private func blackInk(for rgb: inout [UInt16]) -> Double {
        var lab: [Double] = [0, 0, 0]
        toLab.apply(&rgb, into: &lab, count: 1)
        let darkest = blackLightness[255], paper = blackLightness[0]
        let wanted = blackPointCompensation ? darkest + lab[0] / 100 * (paper - darkest) : max(darkest, lab[0])
        if wanted >= paper { return 0 }
        for k in 1...255 where blackLightness[k] <= wanted {
            let lighter = blackLightness[k - 1], darker = blackLightness[k]
            let fraction = lighter > darker ? (lighter - wanted) / (lighter - darker) : 1
            return (Double(k - 1) + fraction) / 255
        }
        return 1
    }
}
