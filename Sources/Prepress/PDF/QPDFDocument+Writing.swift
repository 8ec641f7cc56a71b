import CQPDF
import Foundation

/// Changing a document and writing it out (the finisher's side of the owner). A key set on a
/// stream goes to its dictionary, as `key` reads it there.
extension QPDFDocument {
    func set(_ key: String, of object: PDFObject, to value: PDFObject) {
        qpdf_oh_replace_key(qpdf, dictionary(object), key, value)
    }

    func remove(_ key: String, from object: PDFObject) {
        qpdf_oh_remove_key(qpdf, dictionary(object), key)
    }

    /// An object from PDF syntax (`[0 0 10 10]`, `<< /S /D >>`).
    func parse(_ syntax: String) -> PDFObject { qpdf_oh_parse(qpdf, syntax) }
    /// `name` with its slash: `/DeviceCMYK`.
    func newName(_ name: String) -> PDFObject { qpdf_oh_new_name(qpdf, name) }
    /// A byte string, as PDF dates and identifiers are written.
    func newString(_ text: String) -> PDFObject { qpdf_oh_new_string(qpdf, text) }
    /// A text string, encoded as PDF needs for any character.
    func newText(_ text: String) -> PDFObject { qpdf_oh_new_unicode_string(qpdf, text) }
    func newInteger(_ value: Int) -> PDFObject { qpdf_oh_new_integer(qpdf, Int64(value)) }

    func newArray(_ items: [PDFObject]) -> PDFObject {
        let array = qpdf_oh_new_array(qpdf)
        for item in items { qpdf_oh_append_item(qpdf, array, item) }
        return array
    }

    /// An empty dictionary as an object of its own (referenced, not written inline).
    func newIndirectDictionary() -> PDFObject {
        qpdf_make_indirect_object(qpdf, qpdf_oh_new_dictionary(qpdf))
    }

    /// A new stream holding `bytes` unfiltered.
    func newStream(_ bytes: Data) -> PDFObject {
        let stream = qpdf_oh_new_stream(qpdf)
        replaceData(of: stream, with: Array(bytes))
        return stream
    }

    /// The stream's bytes become `bytes`, unfiltered (its old /Filter and /DecodeParms go).
    func replaceData(of stream: PDFObject, with bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            qpdf_oh_replace_stream_data(qpdf, stream, buffer.baseAddress, buffer.count, qpdf_oh_new_null(qpdf), qpdf_oh_new_null(qpdf))
        }
    }

    /// Writes the document to `file` with an /ID that depends only on its content, at
    /// `version` when given (qpdf writes no object streams below 1.5). Problems are in
    /// `newProblems()`.
    func write(to file: URL, version: String?) {
        // A failed start or write leaves qpdf's error set, which the caller reads.
        guard qpdf_init_write(qpdf, file.path) & QPDF_ERRORS == 0 else { return }
        qpdf_set_deterministic_ID(qpdf, 1)
        if let version { qpdf_force_pdf_version(qpdf, version) }
        _ = qpdf_write(qpdf)
    }
}
