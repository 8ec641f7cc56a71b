internal import CHeif
import Foundation

/// HEIC and AVIF through libheif, the only reader of them: libheif parses the container and
/// hands the HEVC or AV1 stream to the decoder Debian built it with (libde265; dav1d or aom).
/// It turns the picture by the container's own `irot` and mirrors it by `imir`; a phone's EXIF
/// orientation counts only where the container says neither (`HEIFTransforms`).
enum HEIFDecoder {
    /// `maximumPixels` holds for the picture as stored too: a crop (`clap`) may show a small
    /// part of a giant that libheif would decode whole.
    static func header(_ data: Data, format: PhotoHeader.Format, maximumPixels: Int) throws(PhotoError) -> PhotoHeader {
        let file = try HEIFFile(data)
        let (stored, overflow) = file.storedWidth.multipliedReportingOverflow(by: file.storedHeight)
        if overflow || stored > maximumPixels {
            throw .tooLarge(width: file.storedWidth, height: file.storedHeight, limit: maximumPixels)
        }
        let orientation = HEIFTransforms.primaryHasTransform(data) ? 1 : file.exifOrientation()
        return PhotoHeader(format: format, storedWidth: file.width, storedHeight: file.height, components: 3, orientation: orientation)
    }

    /// Upright by the container's transforms, 8 bits a channel (HDR brought down), alpha
    /// flattened onto `background`; with the file's ICC profile, or one made from its `nclx`.
    static func decode(_ data: Data, background: Backdrop) throws(PhotoError) -> RasterImage {
        let file = try HEIFFile(data)
        return try file.decode(background: background)
    }
}

/// One HEIF file open in libheif: its context and primary image, freed with it.
private final class HEIFFile {
    private let context: OpaquePointer
    private let handle: OpaquePointer

    /// libheif's decoders registered once for the process (reference counted, never undone):
    /// before the first file, whichever thread opens it.
    private static let started: Bool = heif_init(nil).code == heif_error_Ok

    init(_ data: Data) throws(PhotoError) {
        guard Self.started, let context = heif_context_alloc() else { throw .unsupported("libheif could not start") }
        // Copied into the context: the file's bytes need not outlive this call.
        var failure = data.withUnsafeBytes { heif_context_read_from_memory(context, $0.baseAddress, $0.count, nil) }
        guard failure.code == heif_error_Ok else {
            heif_context_free(context)
            throw .corrupt("libheif: \(Self.message(failure))")
        }
        var handle: OpaquePointer?
        failure = heif_context_get_primary_image_handle(context, &handle)
        guard failure.code == heif_error_Ok, let handle else {
            heif_context_free(context)
            throw .corrupt("libheif: \(Self.message(failure))")
        }
        self.context = context
        self.handle = handle
    }

    deinit {
        heif_image_handle_release(handle)
        heif_context_free(context)
    }

    /// As shown, after the container's rotation.
    var width: Int { Int(heif_image_handle_get_width(handle)) }
    var height: Int { Int(heif_image_handle_get_height(handle)) }
    /// As coded (`ispe`), before any crop or rotation: what decoding costs.
    var storedWidth: Int { Int(heif_image_handle_get_ispe_width(handle)) }
    var storedHeight: Int { Int(heif_image_handle_get_ispe_height(handle)) }

    /// The EXIF orientation in the file's first Exif block, or 1.
    func exifOrientation() -> Int {
        var id: heif_item_id = 0
        guard heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &id, 1) == 1 else { return 1 }
        let size = heif_image_handle_get_metadata_size(handle, id)
        guard size > 4, size < 4 << 20 else { return 1 }
        var block = [UInt8](repeating: 0, count: size)
        guard heif_image_handle_get_metadata(handle, id, &block).code == heif_error_Ok else { return 1 }
        // The block starts with the offset of the TIFF header past its own four bytes.
        let offset = 4 + (Int(block[0]) << 24 | Int(block[1]) << 16 | Int(block[2]) << 8 | Int(block[3]))
        guard offset < block.count else { return 1 }
        return EXIFOrientation.orientation(tiff: Array(block[offset...]))
    }

    func decode(background: Backdrop) throws(PhotoError) -> RasterImage {
        let alpha = heif_image_handle_has_alpha_channel(handle) != 0
        guard let options = heif_decoding_options_alloc() else { throw .unsupported("libheif could not start") }
        defer { heif_decoding_options_free(options) }
        options.pointee.convert_hdr_to_8bit = 1
        var image: OpaquePointer?
        let failure = heif_decode_image(handle, &image, heif_colorspace_RGB, alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB,
                                        options)
        guard failure.code == heif_error_Ok, let image else { throw .corrupt("libheif: \(Self.message(failure))") }
        defer { heif_image_release(image) }
        let width = Int(heif_image_get_width(image, heif_channel_interleaved))
        let height = Int(heif_image_get_height(image, heif_channel_interleaved))
        guard heif_image_get_bits_per_pixel_range(image, heif_channel_interleaved) == 8 else {
            throw .unsupported("libheif gave more than 8 bits a channel")
        }
        var stride: Int32 = 0
        guard width > 0, height > 0, let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else {
            throw .corrupt("libheif decoded no pixels")
        }
        let channels = alpha ? 4 : 3
        // A `prem` box: the colours already hold their alpha.
        let premultiplied = heif_image_handle_is_premultiplied_alpha(handle) != 0
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        var row = [UInt8](repeating: 0, count: width * channels)
        for y in 0..<height {
            row.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(start: plane + y * Int(stride), count: width * channels)) }
            let rgb = alpha ? row.withUnsafeBufferPointer { background.flatten(rgba: $0, pixels: width, premultiplied: premultiplied) } : row
            pixels.replaceSubrange((y * width * 3)..<((y + 1) * width * 3), with: rgb)
        }
        return RasterImage(pixels: pixels, width: width, height: height, layout: .rgb, iccProfile: colourProfile(), scaleEighths: 8)
    }

    /// The file's ICC profile; else an `nclx` description other than sRGB's, made a profile;
    /// nil for sRGB.
    private func colourProfile() -> Data? {
        switch heif_image_handle_get_color_profile_type(handle) {
        case heif_color_profile_type_prof, heif_color_profile_type_rICC:
            let size = heif_image_handle_get_raw_color_profile_size(handle)
            guard size > 0 else { return nil }
            var bytes = [UInt8](repeating: 0, count: size)
            guard heif_image_handle_get_raw_color_profile(handle, &bytes).code == heif_error_Ok else { return nil }
            return Data(bytes)
        case heif_color_profile_type_nclx:
            var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
            guard heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok, let nclx else { return nil }
            defer { heif_nclx_color_profile_free(nclx) }
            let description = nclx.pointee
            // BT.709's primaries are sRGB's; unspecified is taken as sRGB, as browsers do.
            guard description.color_primaries != heif_color_primaries_ITU_R_BT_709_5,
                  description.color_primaries != heif_color_primaries_unspecified else { return nil }
            func xy(_ x: Float, _ y: Float) -> (x: Double, y: Double) { (Double(x), Double(y)) }
            return ICCProfile.rgb(white: xy(description.color_primary_white_x, description.color_primary_white_y),
                                  red: xy(description.color_primary_red_x, description.color_primary_red_y),
                                  green: xy(description.color_primary_green_x, description.color_primary_green_y),
                                  blue: xy(description.color_primary_blue_x, description.color_primary_blue_y))
        default:
            return nil
        }
    }

    private static func message(_ failure: heif_error) -> String {
        failure.message.map { String(cString: $0) } ?? "error \(failure.code.rawValue)"
    }
}
