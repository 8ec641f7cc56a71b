import Foundation

/// One row of the delivery ledger: a file the printer has. Written the moment a transfer is
/// accepted (2xx, digest checked), by whichever process sent it, so the ledger always says what
/// the printer received.
public struct LedgerEntry: Sendable, Equatable, Codable {
    public var job: String
    /// The job attempt that delivered it.
    public var attempt: Int
    public var kind: String
    public var file: String
    public var sha256: String
    public var bytes: Int64
    public var destination: String
    /// The URL that accepted it (after same-origin redirects).
    public var url: String
    public var httpStatus: Int?
    /// The server's `Location` or request id, when it sent one.
    public var responseID: String?
    /// The order's bytes it was made from: a replaced order may change its files.
    public var orderSHA256: String
    public var worker: String?
    public var deliveredAt: Double

    enum CodingKeys: String, CodingKey {
        case job, attempt, kind, file, sha256, bytes, destination, url, worker
        case httpStatus = "http_status"
        case responseID = "response_id"
        case orderSHA256 = "order_sha256"
        case deliveredAt = "delivered_at"
    }
}

/// One request sent for a file, in any attempt of the job: the report's whole story.
public struct UploadRequestRecord: Sendable, Equatable {
    public var job: String
    public var attempt: Int
    public var file: String
    public var destination: String
    public var url: String
    public var httpStatus: Int?
    public var error: String?
    public var bytesSent: Int64
    public var at: Double
    /// README's retry class of the answer (`accepted`, `transient`, `permanent`), as recorded.
    public var requestClass: String? = nil
}

/// The outputs an attempt verified, with its report as it stood then: a later attempt of the
/// same order delivers them without rendering, once their digests are checked again on disk.
public struct Verification: Sendable, Equatable {
    public var job: String
    public var orderSHA256: String
    public var attempt: Int
    /// `report.json` as verified (outputs with their SHA-256, findings, timings).
    public var report: Data
    public var verifiedAt: Double
}
