import Foundation

/// ICC profiles as bytes, made or read with Little CMS (through `ColourProfile`).
public enum ICCProfile {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// An sRGB IEC 61966-2.1 profile, written as ICC v2 for the widest reader support.
    public static func sRGB() throws(Failure) -> Data {
        guard let profile = ColourProfile.sRGB() else { throw Failure(description: "lcms2 could not create sRGB") }
        guard let bytes = profile.bytes(version: 2.1), bytes.count >= 128 else {
            throw Failure(description: "lcms2 could not write the sRGB profile")
        }
        return dated(bytes)
    }

    /// Little CMS stamps the current time into the header (bytes 24–35): a fixed date keeps the
    /// same order's PDF, photos and EPUB byte-identical from one second to the next (and one
    /// description one profile, one cached transform).
    private static func dated(_ profile: [UInt8]) -> Data {
        var bytes = profile
        let fixedDate: [UInt16] = [2020, 1, 1, 0, 0, 0]
        for (index, field) in fixedDate.enumerated() {
            bytes[24 + 2 * index] = UInt8(field >> 8)
            bytes[25 + 2 * index] = UInt8(field & 0xFF)
        }
        return Data(bytes)
    }

    /// An RGB profile for chromaticities given without one (HEIF's `nclx`), on the sRGB tone
    /// curve; nil when Little CMS cannot make it (a degenerate white or primary).
    static func rgb(white: (x: Double, y: Double), red: (x: Double, y: Double), green: (x: Double, y: Double),
                    blue: (x: Double, y: Double)) -> Data? {
        guard white.y > 0, red.y > 0, green.y > 0, blue.y > 0,
              let bytes = ColourProfile.rgb(white: white, red: red, green: green, blue: blue)?.bytes(version: 4.3),
              bytes.count >= 128 else { return nil }
        return dated(bytes)
    }

    /// A product's output colour space.
    public struct Output: Sendable, Equatable {
        public var data: Data
        /// 3 for RGB, 4 for CMYK (a print profile such as FOGRA39), 1 for gray.
        public var components: Int
        /// The output condition named in the PDF's output intent.
        public var name: String

        public var isCMYK: Bool { components == 4 }
    }

    /// The product's output profile: `sRGB`, or an ICC file relative to `folder`.
    public static func load(_ name: String, relativeTo folder: URL) throws(Failure) -> Output {
        if name == "sRGB" { return Output(data: try sRGB(), components: 3, name: "sRGB IEC61966-2.1") }
        let file = folder.appendingPathComponent(name)
        guard let data = try? Data(contentsOf: file) else {
            throw Failure(description: "cannot read output profile \(file.path)")
        }
        let unusable = Failure(description: "\(file.path) is not a usable ICC profile")
        let components: Int
        switch ColourProfile(data: data)?.space {
        case .cmyk: components = 4
        case .rgb: components = 3
        case .gray: components = 1
        case .other, nil: throw unusable
        }
        return Output(data: data, components: components, name: file.deletingPathExtension().lastPathComponent)
    }
}
