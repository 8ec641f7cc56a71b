import Diagnostics

/// A failure while drawing, with the file and Cairo's message.
public struct RenderError: Error, Sendable, CustomStringConvertible {
    /// Stable: `render-failed`, or `page-limit-exceeded` when the book cannot fit the product.
    public var code: FailureCode
    public var file: String
    public var message: String

    public init(code: FailureCode = .renderFailed, file: String, message: String) {
        self.code = code
        self.file = file
        self.message = message
    }

    public var description: String { "\(file): \(message)" }
}
