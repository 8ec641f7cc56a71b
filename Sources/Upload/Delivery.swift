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

/// What one request did, for the report and the queue's record of requests.
public struct DeliveryAttempt: Sendable, Equatable {
    public var httpStatus: Int?
    public var error: String?
    public var bytesSent: Int64
    /// Where this request went (after same-origin redirects, the redirect's target).
    public var url: String
    /// The server's name for what it stored: `Location`, else `X-Request-Id` / `Request-Id`.
    public var responseID: String?
    /// The request's class in README's table of retry classes (metrics count requests by it).
    public var requestClass: RequestClass

    /// What a request's answer says: taken (a 2xx, or a same-origin redirect followed), worth
    /// sending again, refused on purpose, or nothing at all after the whole body went out
    /// (`unknown`: the printer may hold the file; never sent again blindly).
    public enum RequestClass: String, Sendable, CaseIterable {
        case accepted, transient, permanent, unknown
    }

    /// The class defaults to what the status alone says; the HTTP uploaders, which also know
    /// libcurl's code, set it exactly.
    public init(httpStatus: Int?, error: String?, bytesSent: Int64, url: String = "", responseID: String? = nil) {
        self.httpStatus = httpStatus
        self.error = error
        self.bytesSent = bytesSent
        self.url = url
        self.responseID = responseID
        if error == nil {
            requestClass = .accepted
        } else if let httpStatus, !RetryClass.transientStatuses.contains(httpStatus), !(200..<300).contains(httpStatus) {
            requestClass = .permanent
        } else {
            requestClass = .transient
        }
    }
}

public struct DeliveryResult: Sendable {
    public var delivered: Bool
    public var attempts: [DeliveryAttempt]
    /// Not delivered because the destination said no on purpose (a permanent class in README's
    /// table: a 4xx, a certificate, a redirect elsewhere), or cannot be asked as configured:
    /// sending the same bytes again would be refused again.
    public var refused: Bool
    /// Not known to be delivered: a request went out whole and was not answered, and the
    /// destination could not be asked whether it holds the file. Sending it again might give
    /// the printer a second copy, so only an operator decides.
    public var unknown: Bool

    public init(delivered: Bool, attempts: [DeliveryAttempt], refused: Bool = false, unknown: Bool = false) {
        self.delivered = delivered
        self.attempts = attempts
        self.refused = refused
        self.unknown = unknown
    }

    /// The request that delivered the file, when one did.
    public var accepted: DeliveryAttempt? { delivered ? attempts.last : nil }
}

/// What the caller learns while a file is on its way, and how it stops one.
public struct DeliveryHooks: Sendable {
    /// Called after each request, before any wait for the next, so a record of every request
    /// survives a crash of the process that sent it.
    public var onAttempt: @Sendable (DeliveryAttempt) -> Void
    /// Polled during a transfer: true aborts it (another process may be sending the same file
    /// now). Bytes in the socket's buffers are not yet the printer's, so the transfer is cut off
    /// whatever its progress; only an answer already on its way can be lost, and the resend
    /// carries the same Idempotency-Key.
    public var shouldAbort: @Sendable () -> Bool
    /// Polled during a transfer: true once the process was asked to stop (SIGTERM). A body
    /// still on its way is cut off before its last byte; one the printer has acknowledged whole
    /// is answered first (for up to `HTTPAttempt.stopGrace`), so its outcome is known and
    /// recorded. No request starts after it.
    public var stopping: @Sendable () -> Bool

    public init(onAttempt: @escaping @Sendable (DeliveryAttempt) -> Void = { _ in },
                shouldAbort: @escaping @Sendable () -> Bool = { false },
                stopping: @escaping @Sendable () -> Bool = { false }) {
        self.onAttempt = onAttempt
        self.shouldAbort = shouldAbort
        self.stopping = stopping
    }

    public static let none = DeliveryHooks()
}
