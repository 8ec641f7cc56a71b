import Foundation

/// One finished file on its way to a printer.
public struct DeliveryRequest: Sendable {
    /// The destination URL with its placeholders filled in.
    public var url: String
    public var file: URL
    public var sha256: String
    /// Relative `file:` URLs resolve against this folder (the configuration's).
    public var baseFolder: URL

    public init(url: String, file: URL, sha256: String, baseFolder: URL) {
        self.url = url
        self.file = file
        self.sha256 = sha256
        self.baseFolder = baseFolder
    }
}

/// What one attempt did, for the report.
public struct DeliveryAttempt: Sendable, Equatable {
    public var httpStatus: Int?
    public var error: String?
    public var bytesSent: Int64

    public init(httpStatus: Int?, error: String?, bytesSent: Int64) {
        self.httpStatus = httpStatus
        self.error = error
        self.bytesSent = bytesSent
    }
}

public struct DeliveryResult: Sendable {
    public var delivered: Bool
    public var attempts: [DeliveryAttempt]

    public init(delivered: Bool, attempts: [DeliveryAttempt]) {
        self.delivered = delivered
        self.attempts = attempts
    }
}
