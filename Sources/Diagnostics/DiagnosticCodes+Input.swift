/// The input files' codes: an order, its journal, a product, a destination, `folio.json`, the
/// console's tokens. Always errors: the job (or the command) is rejected with every one found.
extension DiagnosticCode {
    public static let invalidJSON = DiagnosticCode("invalid-json", .input, .error,
                                                   "the file is not JSON, or not the JSON this input is (a Day One export without entries)")
    public static let missingKey = DiagnosticCode("missing-key", .input, .error,
                                                  "a required key is missing (also a CMYK product without `max_ink_percent`)")
    public static let unknownKey = DiagnosticCode("unknown-key", .input, .error, "a key this file does not know; the message lists the allowed ones")
    public static let wrongType = DiagnosticCode("wrong-type", .input, .error, "a value of the wrong JSON type (a string where a number belongs)")
    public static let invalidValue = DiagnosticCode("invalid-value", .input, .error,
                                                    "a value of the right type that is not allowed (a format, an id, a URL, a time zone, a page rule)")
    public static let duplicateID = DiagnosticCode("duplicate-id", .input, .error,
                                                   "an id is used twice: a journal's or an entry's in a journal file; in an EPUB, an element's id in one document")
    public static let unknownReference = DiagnosticCode("unknown-reference", .input, .error,
                                                        "the order names a product, destination or journal, or an entry a journal, that does not exist")
    public static let pathEscape = DiagnosticCode("path-escape", .input, .error,
                                                  "a path (the export, a photo, the cover photo) leads outside the folder it must stay in")
    public static let notFound = DiagnosticCode("not-found", .input, .error, "a file the input names cannot be read (the export, a journal, a CA file)")
    public static let signatureMissing = DiagnosticCode("signature-missing", .input, .error,
                                                        "`FOLIO_ORDER_KEY` is set and the order has no HMAC-SHA256 signature beside it (`NAME.json.sig`)")
    public static let signatureInvalid = DiagnosticCode("signature-invalid", .input, .error,
                                                        "the order's signature does not match its exact bytes under `FOLIO_ORDER_KEY`: refused as unpaid or tampered")
    public static let weakToken = DiagnosticCode("weak-token", .input, .error,
                                                 "a console or metrics token (environment or systemd credential) is too weak; `folio token` makes a strong one")
}

extension DiagnosticCodes {
    static let input: [DiagnosticCode] = [
        .invalidJSON, .missingKey, .unknownKey, .wrongType, .invalidValue, .duplicateID, .unknownReference, .pathEscape, .notFound,
        .signatureMissing, .signatureInvalid, .weakToken,
    ]
}
