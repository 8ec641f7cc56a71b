import CQPDF
import Foundation

/// Makes Cairo's PDF print-ready with libqpdf. Cairo 1.16 writes no TrimBox, BleedBox,
/// OutputIntents or /ID, gives every page a transparency /Group, writes /CreationDate
/// without its `D:` prefix, and loses the page labels it was given (an empty /Nums); this
/// rewrites the file with all of that fixed. Folios are the physical page numbers, so the
/// labels are one decimal range from page 1.
public struct PDFFinisher {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var file: String
        public var message: String
        public var description: String { "\(file): \(message)" }
    }

    public struct OutputIntent: Sendable {
        public var profile: Data
        public var components: Int
        public var condition: String

        public init(profile: Data, components: Int, condition: String) {
            self.profile = profile
            self.components = components
            self.condition = condition
        }
    }

    /// TrimBox and BleedBox of page n (1-based): rectos and versos differ when only some
    /// edges bleed.
    public var boxes: @Sendable (Int) -> (trim: PageBox, bleed: PageBox)
    public var outputIntent: OutputIntent
    /// `D:YYYYMMDDHHmmSSZ`; also written as /ModDate so the bytes never depend on the clock.
    public var date: String
    /// The inks for Cairo's RGB drawing when the output intent is CMYK.
    public var colours: DeviceColourMap?
    /// The PDF/X standard the file claims: its header version, Info keys and XMP (`PDFXStandard`).
    public var pdfx: PDFXStandard?
    /// Info's and XMP's title when the file has none of its own (a cover).
    public var title = "Untitled"

    public init(sheet: SheetGeometry, outputIntent: OutputIntent, date: String, colours: DeviceColourMap? = nil) {
        boxes = { sheet.boxes(page: $0) }
        self.outputIntent = outputIntent
        self.date = date
        self.colours = colours
    }

    /// Reads `input` and writes the finished PDF to `output`; qpdf warnings count as failures,
    /// since a printer's preflight would flag them too.
    public func finish(_ input: URL, to output: URL) throws(Failure) {
        guard let qpdf = qpdf_init() else { throw Failure(file: input.path, message: "qpdf_init failed") }
        var handle: qpdf_data? = qpdf
        defer { qpdf_cleanup(&handle) }
        qpdf_set_suppress_warnings(qpdf, 1)
        func check(_ step: String, _ file: URL) throws(Failure) {
            if qpdf_has_error(qpdf) != 0, let error = qpdf_get_error(qpdf) {
                throw Failure(file: file.path, message: "\(step): \(String(cString: qpdf_get_error_full_text(qpdf, error)))")
            }
            if qpdf_more_warnings(qpdf) != 0, let warning = qpdf_next_warning(qpdf) {
                throw Failure(file: file.path, message: "\(step): \(String(cString: qpdf_get_error_full_text(qpdf, warning)))")
            }
        }
        _ = qpdf_read(qpdf, input.path, nil)
        try check("reading", input)
        let count = qpdf_get_num_pages(qpdf)
        guard count > 0 else { throw Failure(file: input.path, message: "the PDF has no pages") }
        for index in 0..<Int(count) {
            let page = qpdf_get_page_n(qpdf, index)
            let (trim, bleed) = boxes(index + 1)
            qpdf_oh_replace_key(qpdf, page, "/TrimBox", qpdf_oh_parse(qpdf, trim.pdfArray))
            qpdf_oh_replace_key(qpdf, page, "/BleedBox", qpdf_oh_parse(qpdf, bleed.pdfArray))
            // Cairo's per-page /Group /CS /DeviceRGB forces an RGB blending space on every page.
            qpdf_oh_remove_key(qpdf, page, "/Group")
        }
        try check("setting page boxes", input)
        let trailer = qpdf_get_trailer(qpdf)
        let info = qpdf_oh_get_key(qpdf, trailer, "/Info")
        if qpdf_oh_is_dictionary(qpdf, info) != 0 {
            qpdf_oh_replace_key(qpdf, info, "/CreationDate", qpdf_oh_new_string(qpdf, date))
            qpdf_oh_replace_key(qpdf, info, "/ModDate", qpdf_oh_new_string(qpdf, date))
            qpdf_oh_replace_key(qpdf, info, "/Trapped", qpdf_oh_new_name(qpdf, "/False"))
        }
        if let pdfx { claim(pdfx, info: info, qpdf) }
        qpdf_oh_replace_key(qpdf, qpdf_get_root(qpdf), "/PageLabels", qpdf_oh_parse(qpdf, "<< /Nums [0 << /S /D >>] >>"))
        DeviceColourRewrite(qpdf: qpdf, colours: outputIntent.components == 4 ? colours : nil).run()
        try check("converting colours", input)
        addOutputIntent(qpdf)
        try check("adding the output intent", input)
        _ = qpdf_init_write(qpdf, output.path)
        qpdf_set_deterministic_ID(qpdf, 1)
        if let pdfx {
            // Down to 1.3 for X-1a and X-3 (qpdf then writes no object streams), up to 1.6 for X-4.
            qpdf_force_pdf_version(qpdf, pdfx.headerVersion)
        }
        _ = qpdf_write(qpdf)
        try check("writing", output)
    }

    /// Info's PDF/X keys and the XMP packet that repeats them, with the same title and dates.
    private func claim(_ standard: PDFXStandard, info: qpdf_oh, _ qpdf: qpdf_data) {
        var info = info
        if qpdf_oh_is_dictionary(qpdf, info) == 0 {
            info = qpdf_make_indirect_object(qpdf, qpdf_oh_new_dictionary(qpdf))
            qpdf_oh_replace_key(qpdf, qpdf_get_trailer(qpdf), "/Info", info)
            qpdf_oh_replace_key(qpdf, info, "/CreationDate", qpdf_oh_new_string(qpdf, date))
            qpdf_oh_replace_key(qpdf, info, "/ModDate", qpdf_oh_new_string(qpdf, date))
            qpdf_oh_replace_key(qpdf, info, "/Trapped", qpdf_oh_new_name(qpdf, "/False"))
        }
        var title = self.title
        let existing = qpdf_oh_get_key(qpdf, info, "/Title")
        if qpdf_oh_is_string(qpdf, existing) != 0, let text = qpdf_oh_get_utf8_value(qpdf, existing), text.pointee != 0 {
            title = String(cString: text)
        } else {
            qpdf_oh_replace_key(qpdf, info, "/Title", qpdf_oh_new_unicode_string(qpdf, title))
        }
        qpdf_oh_replace_key(qpdf, info, "/GTS_PDFXVersion", qpdf_oh_new_string(qpdf, standard.version))
        if let conformance = standard.conformance {
            qpdf_oh_replace_key(qpdf, info, "/GTS_PDFXConformance", qpdf_oh_new_string(qpdf, conformance))
        }
        let metadata = qpdf_oh_new_stream(qpdf)
        PDFXMetadata.packet(title: title, date: date, standard: standard).withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            qpdf_oh_replace_stream_data(qpdf, metadata, bytes.baseAddress, bytes.count, qpdf_oh_new_null(qpdf), qpdf_oh_new_null(qpdf))
        }
        let dictionary = qpdf_oh_get_dict(qpdf, metadata)
        qpdf_oh_replace_key(qpdf, dictionary, "/Type", qpdf_oh_new_name(qpdf, "/Metadata"))
        qpdf_oh_replace_key(qpdf, dictionary, "/Subtype", qpdf_oh_new_name(qpdf, "/XML"))
        qpdf_oh_replace_key(qpdf, qpdf_get_root(qpdf), "/Metadata", metadata)
    }

    private func addOutputIntent(_ qpdf: qpdf_data) {
        let stream = qpdf_oh_new_stream(qpdf)
        outputIntent.profile.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            qpdf_oh_replace_stream_data(qpdf, stream, bytes.baseAddress, bytes.count,
                                        qpdf_oh_new_null(qpdf), qpdf_oh_new_null(qpdf))
        }
        let streamDictionary = qpdf_oh_get_dict(qpdf, stream)
        qpdf_oh_replace_key(qpdf, streamDictionary, "/N", qpdf_oh_new_integer(qpdf, Int64(outputIntent.components)))
        let condition = outputIntent.condition.replacingOccurrences(of: "(", with: "")
            .replacingOccurrences(of: ")", with: "").replacingOccurrences(of: "\\", with: "")
        let intent = qpdf_oh_parse(qpdf, "<< /Type /OutputIntent /S /GTS_PDFX /OutputConditionIdentifier (\(condition)) /Info (\(condition)) >>")
        qpdf_oh_replace_key(qpdf, intent, "/DestOutputProfile", stream)
        let intents = qpdf_oh_new_array(qpdf)
        qpdf_oh_append_item(qpdf, intents, intent)
        qpdf_oh_replace_key(qpdf, qpdf_get_root(qpdf), "/OutputIntents", intents)
    }

    /// A PDF date string for an instant: `D:YYYYMMDDHHmmSSZ`.
    public static func pdfDate(_ date: Date) -> String {
        let t = CivilCalendar.utcFields(date)
        return String(format: "D:%04d%02d%02d%02d%02d%02dZ", t.year, t.month, t.day, t.hour, t.minute, t.second)
    }
}
