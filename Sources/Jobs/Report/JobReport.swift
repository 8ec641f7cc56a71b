import Diagnostics
import Foundation

/// `report.json`: what happened to one order, for the operator and for scripts.
/// Field names and meanings are fixed by the contract.
public struct JobReport: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable {
        /// `held`: verified, waiting for an operator's approval (issue 16).
        case done, failed, rejected, held
        /// Verified, and a file's delivery is unknown: it waits for an operator's word (issue 34).
        case deliveryUnknown = "delivery-unknown"
    }

    /// An operator's review of a verified book: why it was held, and who decided what.
    public struct Review: Codable, Sendable, Equatable {
        public enum State: String, Codable, Sendable { case held, approved, rejected }
        public var policy: String
        public var state: State
        public var reason: String?
        public var by: String?
        public var at: String?
    }

    public struct Entries: Codable, Sendable, Equatable {
        public var included = 0
        public var archivedExcluded = 0

        enum CodingKeys: String, CodingKey {
            case included
            case archivedExcluded = "archived_excluded"
        }
    }

    public struct Output: Codable, Sendable, Equatable {
        public var kind: String
        public var file: String
        public var bytes: Int64
        public var sha256: String
        public var pages: Int?
    }

    public struct Upload: Codable, Sendable, Equatable {
        /// One request, in whichever attempt of the job sent it.
        public struct Attempt: Codable, Sendable, Equatable {
            public var jobAttempt: Int?
            public var httpStatus: Int?
            public var error: String?
            public var bytesSent: Int64
            public var url: String?
            public var at: String?

            enum CodingKeys: String, CodingKey {
                case jobAttempt = "job_attempt"
                case httpStatus = "http_status"
                case error
                case bytesSent = "bytes_sent"
                case url, at
            }
        }

        /// The ledger's row: when and where the printer accepted the file.
        public struct Delivered: Codable, Sendable, Equatable {
            public var at: String
            public var jobAttempt: Int
            public var url: String
            public var httpStatus: Int?
            public var responseID: String?

            enum CodingKeys: String, CodingKey {
                case at, url
                case jobAttempt = "job_attempt"
                case httpStatus = "http_status"
                case responseID = "response_id"
            }
        }

        public var file: String
        public var destination: String
        /// `done` (sent and accepted in this attempt), `skipped` (the ledger holds it as
        /// delivered with the same digest), or `failed`.
        public var status: String
        public var attempts: [Attempt]
        public var sha256: String?
        public var delivered: Delivered?
        public var note: String?
    }

    /// Which stages this attempt ran, and which it took from an earlier attempt.
    public struct StageRun: Codable, Sendable, Equatable {
        public enum Status: String, Codable, Sendable { case ran, reused }
        public var stage: String
        public var status: Status
        /// The attempt whose work this is.
        public var attempt: Int
    }

    /// What the book was made for: the product and the colour condition it prints in.
    public struct ProductUsed: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        /// The output intent's condition: `sRGB IEC61966-2.1`, or `FOGRA39` for the CMYK press.
        public var outputCondition: String

        enum CodingKeys: String, CodingKey {
            case id, name
            case outputCondition = "output_condition"
        }
    }

    /// Why a job failed or was rejected: a stable code, the message, and every input issue.
    public struct Failure: Codable, Sendable, Equatable {
        /// A `FailureCodes` code, or a rejected order's first issue's code.
        public var code: String
        public var message: String
        public var details: [String]

        public init(code: String, message: String, details: [String]) {
            self.code = code
            self.message = message
            self.details = details
        }

        public init(code: FailureCode, message: String, details: [String]) {
            self.init(code: code.name, message: message, details: details)
        }
    }

    public var order: String
    public var status: Status
    public var attempts = 1
    public var entries = Entries()
    public var product: ProductUsed?
    public var outputs: [Output] = []
    public var preflight: [Diagnostic] = []
    public var uploads: [Upload] = []
    public var stages: [StageRun] = []
    public var timingsMS: [String: Int] = [:]
    public var error: Failure?
    public var review: Review?
    /// Where each entry, word and photo of the export went (issue 22).
    public var accounting: Accounting?
    /// A book printed as a set of volumes (issue 37), in order; absent for one book.
    public var volumes: [VolumeReport]?

    enum CodingKeys: String, CodingKey {
        case order, status, attempts, entries, product, outputs, preflight, uploads, stages, review, accounting, volumes
        case timingsMS = "timings_ms"
        case error
    }

    public init(order: String, status: Status) {
        self.order = order
        self.status = status
    }

    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
