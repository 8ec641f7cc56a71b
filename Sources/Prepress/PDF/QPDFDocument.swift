import CQPDF
import Foundation

/// One object of a `QPDFDocument`: a plain number, valid while its document lives.
typealias PDFObject = qpdf_oh

/// A PDF opened with libqpdf: the one owner of a qpdf handle and the only code that calls
/// qpdf's C API. The verifier reads through it; the finisher changes and writes through it
/// (`QPDFDocument+Writing`).
final class QPDFDocument {
    /// Internal only for `QPDFDocument+Writing`: nothing else imports CQPDF to use it.
    let qpdf: qpdf_data
    /// Warnings and errors qpdf raised while reading (a damaged file reads with warnings).
    private(set) var problems: [QPDFProblem] = []

    init?(file: URL) {
        guard let created = qpdf_init() else { return nil }
        qpdf = created
        qpdf_set_suppress_warnings(created, 1)
        // Its failure is in `problems` (and `unreadable`), collected just below.
        _ = qpdf_read(created, file.path, nil)
        collectProblems()
    }

    /// True when qpdf could not read the file at all.
    var unreadable: Bool { qpdf_get_num_pages(qpdf) < 0 }

    deinit {
        var handle: qpdf_data? = qpdf
        qpdf_cleanup(&handle)
    }

    /// The problems qpdf raised since the last look (its error first, then warnings); they
    /// are added to `problems` too.
    func newProblems() -> ArraySlice<QPDFProblem> {
        let seen = problems.count
        collectProblems()
        return problems[seen...]
    }

    private func collectProblems(decoding stream: PDFObject? = nil) {
        let number = stream.flatMap(objectNumber)
        if qpdf_has_error(qpdf) != 0, let error = qpdf_get_error(qpdf) {
            problems.append(QPDFProblem(message: String(cString: qpdf_get_error_full_text(qpdf, error)), stream: number))
        }
        while qpdf_more_warnings(qpdf) != 0, let warning = qpdf_next_warning(qpdf) {
            problems.append(QPDFProblem(message: String(cString: qpdf_get_error_full_text(qpdf, warning)), stream: number))
        }
    }

    /// qpdf's own structural check of every object.
    func checkStructure() -> [QPDFProblem] {
        _ = qpdf_check_pdf(qpdf)
        collectProblems()
        return problems
    }

    var root: PDFObject { qpdf_get_root(qpdf) }
    var trailer: PDFObject { qpdf_get_trailer(qpdf) }
    var pageCount: Int { Int(qpdf_get_num_pages(qpdf)) }
    func page(_ index: Int) -> PDFObject { qpdf_get_page_n(qpdf, index) }

    /// A stream's dictionary; any other object as it is.
    func dictionary(_ object: PDFObject) -> PDFObject {
        qpdf_oh_is_stream(qpdf, object) != 0 ? qpdf_oh_get_dict(qpdf, object) : object
    }

    func key(_ object: PDFObject, _ name: String) -> PDFObject? {
        let dictionary = dictionary(object)
        guard qpdf_oh_is_dictionary(qpdf, dictionary) != 0, qpdf_oh_has_key(qpdf, dictionary, name) != 0 else { return nil }
        let value = qpdf_oh_get_key(qpdf, dictionary, name)
        return qpdf_oh_is_null(qpdf, value) != 0 ? nil : value
    }

    /// A key looked up on the object and then up its /Parent chain (inheritable page attributes).
    func inheritedKey(_ object: PDFObject, _ name: String) -> PDFObject? {
        var current: PDFObject? = object
        var depth = 0
        while let node = current, depth < 64 {
            if let value = key(node, name) { return value }
            current = key(node, "/Parent")
            depth += 1
        }
        return nil
    }

    func keys(_ object: PDFObject) -> [String] {
        let dictionary = dictionary(object)
        guard qpdf_oh_is_dictionary(qpdf, dictionary) != 0 else { return [] }
        var names: [String] = []
        qpdf_oh_begin_dict_key_iter(qpdf, dictionary)
        while qpdf_oh_dict_more_keys(qpdf) != 0, let key = qpdf_oh_dict_next_key(qpdf) { names.append(String(cString: key)) }
        return names
    }

    /// `object` and every dictionary written directly inside it (a resource dictionary's
    /// ExtGState entries, say), not following references: those are objects of their own.
    func directDictionaries(in object: PDFObject, depth: Int = 0) -> [PDFObject] {
        guard depth < 12 else { return [] }
        var found: [PDFObject] = []
        let values: [PDFObject]
        if isDictionary(object) || isStream(object) {
            found.append(object)
            values = keys(object).compactMap { key(object, $0) }
        } else {
            values = array(object)
        }
        for value in values where objectNumber(value) == nil && (isDictionary(value) || qpdf_oh_is_array(qpdf, value) != 0) {
            found += directDictionaries(in: value, depth: depth + 1)
        }
        return found
    }

    func array(_ object: PDFObject) -> [PDFObject] {
        guard qpdf_oh_is_array(qpdf, object) != 0 else { return [] }
        return (0..<Int(qpdf_oh_get_array_n_items(qpdf, object))).map { qpdf_oh_get_array_item(qpdf, object, Int32($0)) }
    }

    func name(_ object: PDFObject) -> String? {
        qpdf_oh_is_name(qpdf, object) != 0 ? String(cString: qpdf_oh_get_name(qpdf, object)) : nil
    }

    func numbers(_ object: PDFObject) -> [Double] {
        array(object).compactMap { qpdf_oh_is_number(qpdf, $0) != 0 ? qpdf_oh_get_numeric_value(qpdf, $0) : nil }
    }

    func number(_ object: PDFObject) -> Double? {
        qpdf_oh_is_number(qpdf, object) != 0 ? qpdf_oh_get_numeric_value(qpdf, object) : nil
    }

    func text(_ object: PDFObject) -> String? {
        qpdf_oh_is_string(qpdf, object) != 0 ? String(cString: qpdf_oh_get_utf8_value(qpdf, object)) : nil
    }

    func objectNumber(_ object: PDFObject) -> Int? {
        qpdf_oh_is_indirect(qpdf, object) != 0 ? Int(qpdf_oh_get_object_id(qpdf, object)) : nil
    }

    func isStream(_ object: PDFObject) -> Bool { qpdf_oh_is_stream(qpdf, object) != 0 }
    func isDictionary(_ object: PDFObject) -> Bool { qpdf_oh_is_dictionary(qpdf, object) != 0 }
    func isArray(_ object: PDFObject) -> Bool { qpdf_oh_is_array(qpdf, object) != 0 }

    /// Every indirect object, by number, up to the trailer's /Size.
    func objects() -> [(number: Int, handle: PDFObject)] {
        let size = key(trailer, "/Size").flatMap(number).map(Int.init) ?? 0
        return (1..<max(1, min(size, 10_000_000))).compactMap { id in
            let handle = qpdf_get_object_by_id(qpdf, Int32(id), 0)
            return qpdf_oh_is_null(qpdf, handle) != 0 ? nil : (id, handle)
        }
    }

    /// A stream's decoded bytes (nil when it cannot be decoded); `raw` keeps its filters.
    func streamData(_ object: PDFObject, raw: Bool = false) -> [UInt8]? {
        var filtered: QPDF_BOOL = 0
        var buffer: UnsafeMutablePointer<UInt8>?
        var length = 0
        // What qpdf raised before is not this stream's; what it raises now is, even on success.
        collectProblems()
        let status = qpdf_oh_get_stream_data(qpdf, object, raw ? qpdf_dl_none : qpdf_dl_generalized, &filtered, &buffer, &length)
        collectProblems(decoding: object)
        guard status == QPDF_SUCCESS, let buffer else { return nil }
        defer { free(buffer) }
        // qpdf hands back the raw bytes of a stream it cannot decode; they are not its content.
        if !raw, filtered == 0 { return nil }
        return Array(UnsafeBufferPointer(start: buffer, count: length))
    }

    /// Colour components of a colour space (a name, or an array such as ICCBased or Indexed).
    func colourComponents(_ space: PDFObject?) -> Int? {
        guard let space else { return nil }
        if let name = name(space) {
            return ["/DeviceRGB": 3, "/DeviceGray": 1, "/DeviceCMYK": 4, "/CalRGB": 3, "/CalGray": 1][name]
        }
        let parts = array(space)
        guard let kind = parts.first.flatMap(name) else { return nil }
        switch kind {
        case "/ICCBased": return parts.count > 1 ? key(parts[1], "/N").flatMap(number).map(Int.init) : nil
        case "/Indexed": return parts.count > 1 ? colourComponents(parts[1]) : nil
        case "/CalRGB": return 3
        case "/CalGray": return 1
        default: return nil
        }
    }
}
