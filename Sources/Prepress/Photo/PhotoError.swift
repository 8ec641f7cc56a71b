import Diagnostics

/// Why a photo cannot be printed. Each becomes a placeholder in the book and a preflight
/// warning naming the entry and file; none stops the book.
public enum PhotoError: Error, Sendable, Equatable, CustomStringConvertible {
    case missing
    case unreadable(String)
    case notAnImage(String)
    case corrupt(String)
    case tooLarge(width: Int, height: Int, limit: Int)
    case unsupported(String)

    /// Stable, for the report.
    public var code: DiagnosticCode {
        switch self {
        case .missing: .photoMissing
        case .unreadable: .photoUnreadable
        case .notAnImage: .photoNotAnImage
        case .corrupt: .photoCorrupt
        case .tooLarge: .photoTooLarge
        case .unsupported: .photoUnsupported
        }
    }

    public var description: String {
        switch self {
        case .missing: "the file does not exist"
        case .unreadable(let reason): "the file cannot be read (\(reason))"
        case .notAnImage(let what): "not a picture Folio reads: JPEG, PNG, HEIC, AVIF, WebP, GIF or TIFF (\(what))"
        case .corrupt(let reason): "the image data is damaged (\(reason))"
        case .tooLarge(let width, let height, let limit):
            "\(width)×\(height) pixels is more than the \(limit / 1_000_000) megapixels allowed; refused before decoding"
        case .unsupported(let reason): "unsupported image (\(reason))"
        }
    }
}
