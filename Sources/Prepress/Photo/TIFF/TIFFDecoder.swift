internal import CTIFF
import Foundation

/// TIFF through libtiff, its only reader: the first page, 8 or 16 bits, tiled or in strips, with
/// its ICC profile and its Orientation tag (turned like a JPEG's EXIF one). CMYK, as a scanner
/// or a prepress program writes it, is read as its inks for Little CMS; everything else through
/// libtiff's RGBA reading, which knows every photometric and bit depth.
enum TIFFDecoder {
    static func header(_ data: Data) throws(PhotoError) -> PhotoHeader {
        let file = try TIFFFile(data)
        let width = file.field(UInt32(TIFFTAG_IMAGEWIDTH), as: UInt32.self) ?? 0
        let height = file.field(UInt32(TIFFTAG_IMAGELENGTH), as: UInt32.self) ?? 0
        let orientation = Int(file.field(UInt32(TIFFTAG_ORIENTATION), as: UInt16.self) ?? 1)
        return PhotoHeader(format: .tiff, storedWidth: Int(width), storedHeight: Int(height), components: 3,
                           orientation: (1...8).contains(orientation) ? orientation : 1)
    }

    static func decode(_ data: Data, header: PhotoHeader, background: Backdrop) throws(PhotoError) -> RasterImage {
        let file = try TIFFFile(data)
        let (width, height) = (header.storedWidth, header.storedHeight)
        let photometric = Int(file.field(UInt32(TIFFTAG_PHOTOMETRIC), as: UInt16.self) ?? UInt16(PHOTOMETRIC_MINISBLACK))
        let samples = Int(file.field(UInt32(TIFFTAG_SAMPLESPERPIXEL), as: UInt16.self) ?? 1)
        let bits = Int(file.field(UInt32(TIFFTAG_BITSPERSAMPLE), as: UInt16.self) ?? 1)
        let planar = Int(file.field(UInt32(TIFFTAG_PLANARCONFIG), as: UInt16.self) ?? UInt16(PLANARCONFIG_CONTIG))
        let inks = Int(file.field(UInt32(TIFFTAG_INKSET), as: UInt16.self) ?? UInt16(INKSET_CMYK))
        let profile = file.iccProfile()
        if photometric == PHOTOMETRIC_SEPARATED, inks == INKSET_CMYK, samples == 4, bits == 8, planar == PLANARCONFIG_CONTIG, !file.isTiled {
            return RasterImage(pixels: try file.scanlines(width: width, height: height, bytesPerPixel: 4), width: width, height: height,
                               layout: .cmyk(inverted: false), iccProfile: profile, scaleEighths: 8)
        }
        let rgba = try file.rgba(width: width, height: height)
        // libtiff's RGBA reading turns every other photometric into RGB (CMYK naively): a
        // profile then describes other channels than these, and is not used.
        let rgbProfile = [PHOTOMETRIC_MINISWHITE, PHOTOMETRIC_MINISBLACK, PHOTOMETRIC_RGB, PHOTOMETRIC_YCBCR].contains(Int32(photometric)) ? profile : nil
        let rgb = rgba.withUnsafeBufferPointer { background.flatten(rgba: $0, pixels: width * height, premultiplied: true) }
        if photometric == PHOTOMETRIC_MINISBLACK || photometric == PHOTOMETRIC_MINISWHITE {
            // One channel, for a gray profile (libtiff repeats gray in R, G and B).
            let gray = (0..<(width * height)).map { rgb[$0 * 3] }
            return RasterImage(pixels: gray, width: width, height: height, layout: .gray, iccProfile: rgbProfile, scaleEighths: 8)
        }
        return RasterImage(pixels: rgb, width: width, height: height, layout: .rgb, iccProfile: rgbProfile, scaleEighths: 8)
    }
}
