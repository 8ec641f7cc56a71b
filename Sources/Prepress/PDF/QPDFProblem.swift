/// A warning or error qpdf raised, and the stream Folio was asking it to decode when it did:
/// where it was raised, not what its message says, tells a damaged stream from a damaged file.
/// (qpdf's own error code cannot: both are `qpdf_e_damaged_pdf`.)
struct QPDFProblem: Equatable, CustomStringConvertible {
    var message: String
    /// The object number of the stream being decoded; nil while reading or checking the file.
    var stream: Int?

    var description: String { message }
}
