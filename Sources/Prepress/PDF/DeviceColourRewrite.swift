import CQPDF
import Foundation

/// Cairo draws only in DeviceRGB and writes every four-component JPEG without a /Decode array.
/// Run in the finisher on the whole file, this makes the colour what the output intent says:
/// CMYK JPEGs stored inverted (Adobe's marker) get `/Decode [1 0 1 0 1 0 1 0]` so they do not
/// print as negatives, and, when the book prints in CMYK, every `rg`/`RG` in every content
/// stream, every axial or radial shading and every transparency group's blending space is
/// turned into the press's inks through `colours`.
struct DeviceColourRewrite {
    let qpdf: qpdf_data
    /// Nil when the output is RGB: only the JPEG fix applies.
    let colours: DeviceColourMap?

    func run() {
        var contentStreams: [qpdf_oh] = []
        for index in 0..<max(0, Int(qpdf_get_num_pages(qpdf))) {
            let page = qpdf_get_page_n(qpdf, index)
            let contents = qpdf_oh_get_key(qpdf, page, "/Contents")
            if qpdf_oh_is_stream(qpdf, contents) != 0 {
                contentStreams.append(contents)
            } else if qpdf_oh_is_array(qpdf, contents) != 0 {
                for item in 0..<qpdf_oh_get_array_n_items(qpdf, contents) {
                    contentStreams.append(qpdf_oh_get_array_item(qpdf, contents, item))
                }
            }
        }
        var convertedFunctions: Set<Int32> = []
        for object in allObjects() {
            let dictionary = qpdf_oh_is_stream(qpdf, object) != 0 ? qpdf_oh_get_dict(qpdf, object) : object
            guard qpdf_oh_is_dictionary(qpdf, dictionary) != 0 else { continue }
            let subtype = name(dictionary, "/Subtype")
            if subtype == "/Image" {
                markInvertedJPEG(object, dictionary)
            }
            guard let colours else { continue }
            if qpdf_oh_is_stream(qpdf, object) != 0, subtype == "/Form" || integer(dictionary, "/PatternType") == 1 {
                contentStreams.append(object)
            }
            if let group = key(dictionary, "/Group"), name(group, "/CS") == "/DeviceRGB" {
                qpdf_oh_replace_key(qpdf, group, "/CS", qpdf_oh_new_name(qpdf, "/DeviceCMYK"))
            }
            if let type = integer(dictionary, "/ShadingType"), type == 2 || type == 3,
               name(dictionary, "/ColorSpace") == "/DeviceRGB", let function = key(dictionary, "/Function"),
               convert(function: function, colours, done: &convertedFunctions) {
                qpdf_oh_replace_key(qpdf, dictionary, "/ColorSpace", qpdf_oh_new_name(qpdf, "/DeviceCMYK"))
            }
        }
        guard let colours else { return }
        for stream in contentStreams { rewriteContent(stream, colours) }
    }

    /// Every indirect object, up to the trailer's /Size.
    private func allObjects() -> [qpdf_oh] {
        let size = qpdf_oh_get_int_value_as_int(qpdf, qpdf_oh_get_key(qpdf, qpdf_get_trailer(qpdf), "/Size"))
        return (1..<max(1, size)).compactMap { id in
            let handle = qpdf_get_object_by_id(qpdf, id, 0)
            return qpdf_oh_is_null(qpdf, handle) != 0 ? nil : handle
        }
    }

    private func markInvertedJPEG(_ image: qpdf_oh, _ dictionary: qpdf_oh) {
        guard name(dictionary, "/Filter") == "/DCTDecode", name(dictionary, "/ColorSpace") == "/DeviceCMYK",
              key(dictionary, "/Decode") == nil, let raw = streamData(image, decoded: false), AdobeMarker.isPresent(in: raw) else { return }
        qpdf_oh_replace_key(qpdf, dictionary, "/Decode", qpdf_oh_parse(qpdf, "[1 0 1 0 1 0 1 0]"))
    }

    /// Exponential functions get CMYK end colours; stitching functions, each of theirs. A
    /// function shared by several shadings is converted once. False for a kind Cairo does not
    /// write (sampled, PostScript, an array of functions): the shading stays RGB, and the
    /// verifier says so.
    private func convert(function: qpdf_oh, _ colours: DeviceColourMap, done: inout Set<Int32>) -> Bool {
        if qpdf_oh_is_indirect(qpdf, function) != 0, done.contains(qpdf_oh_get_object_id(qpdf, function)) { return true }
        switch integer(function, "/FunctionType") {
        case 2:
            // Both ends must be RGB; PDF's defaults (one component) would not be.
            let ends = ["/C0", "/C1"].map { end in (end, key(function, end).map(numbers) ?? []) }
            guard ends.allSatisfy({ $0.1.count == 3 }) else { return false }
            for (end, rgb) in ends {
                let ink = colours.cmyk(red: rgb[0], green: rgb[1], blue: rgb[2])
                qpdf_oh_replace_key(qpdf, function, end, qpdf_oh_parse(qpdf, "[\(ink.map(Self.format).joined(separator: " "))]"))
            }
        case 3:
            guard let parts = key(function, "/Functions"), qpdf_oh_is_array(qpdf, parts) != 0 else { return false }
            let items = (0..<qpdf_oh_get_array_n_items(qpdf, parts)).map { qpdf_oh_get_array_item(qpdf, parts, $0) }
            guard items.allSatisfy({ integer($0, "/FunctionType") == 2 }) else { return false }
            for item in items where !convert(function: item, colours, done: &done) { return false }
        default:
            return false
        }
        if qpdf_oh_is_indirect(qpdf, function) != 0 { done.insert(qpdf_oh_get_object_id(qpdf, function)) }
        return true
    }

    private func rewriteContent(_ stream: qpdf_oh, _ colours: DeviceColourMap) {
        guard let bytes = streamData(stream, decoded: true), let rewritten = Self.rewrite(bytes, colours) else { return }
        rewritten.withUnsafeBufferPointer { buffer in
            qpdf_oh_replace_stream_data(qpdf, stream, buffer.baseAddress, buffer.count, qpdf_oh_new_null(qpdf), qpdf_oh_new_null(qpdf))
        }
    }

    /// `r g b rg` becomes `c m y k k`, and `RG` becomes `K`; everything else is copied byte for
    /// byte. Nil when the stream sets no RGB colour.
    static func rewrite(_ bytes: [UInt8], _ colours: DeviceColourMap) -> [UInt8]? {
        var tokens = ContentTokenizer(bytes: bytes)
        var operands: [(token: ContentTokenizer.Token, start: Int)] = []
        var output: [UInt8] = []
        var copied = 0
        while let token = tokens.next() {
            guard case .operator(let op) = token else {
                operands.append((token, tokens.tokenStart))
                continue
            }
            defer { operands.removeAll(keepingCapacity: true) }
            guard op == "rg" || op == "RG", operands.count >= 3 else { continue }
            let last = operands.suffix(3)
            let rgb = last.compactMap { if case .number(let value) = $0.token { value } else { nil } }
            guard rgb.count == 3, let start = last.first?.start else { continue }
            let ink = colours.cmyk(red: rgb[0], green: rgb[1], blue: rgb[2])
            output += bytes[copied..<start]
            output += Array((ink.map(format).joined(separator: " ") + (op == "rg" ? " k" : " K")).utf8)
            copied = tokens.index
        }
        guard copied > 0 else { return nil }
        output += bytes[copied...]
        return output
    }

    private static func format(_ value: Double) -> String {
        var text = String(format: "%.4f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    private func key(_ dictionary: qpdf_oh, _ name: String) -> qpdf_oh? {
        guard qpdf_oh_is_dictionary(qpdf, dictionary) != 0, qpdf_oh_has_key(qpdf, dictionary, name) != 0 else { return nil }
        let value = qpdf_oh_get_key(qpdf, dictionary, name)
        return qpdf_oh_is_null(qpdf, value) != 0 ? nil : value
    }

    private func name(_ dictionary: qpdf_oh, _ key: String) -> String? {
        guard let value = self.key(dictionary, key), qpdf_oh_is_name(qpdf, value) != 0 else { return nil }
        return String(cString: qpdf_oh_get_name(qpdf, value))
    }

    private func integer(_ dictionary: qpdf_oh, _ key: String) -> Int? {
        guard let value = self.key(dictionary, key), qpdf_oh_is_integer(qpdf, value) != 0 else { return nil }
        return Int(qpdf_oh_get_int_value(qpdf, value))
    }

    private func numbers(_ array: qpdf_oh) -> [Double] {
        guard qpdf_oh_is_array(qpdf, array) != 0 else { return [] }
        return (0..<qpdf_oh_get_array_n_items(qpdf, array)).compactMap { item in
            let value = qpdf_oh_get_array_item(qpdf, array, item)
            return qpdf_oh_is_number(qpdf, value) != 0 ? qpdf_oh_get_numeric_value(qpdf, value) : nil
        }
    }

    private func streamData(_ stream: qpdf_oh, decoded: Bool) -> [UInt8]? {
        var filtered: QPDF_BOOL = 0
        var buffer: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard qpdf_oh_get_stream_data(qpdf, stream, decoded ? qpdf_dl_generalized : qpdf_dl_none, &filtered, &buffer, &length) == QPDF_SUCCESS,
              let buffer else { return nil }
        defer { free(buffer) }
        // Undecodable data must not be rewritten as if it were content.
        if decoded, filtered == 0 { return nil }
        return Array(UnsafeBufferPointer(start: buffer, count: length))
    }
}
