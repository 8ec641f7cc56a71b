import Foundation

/// `report.json`: what happened to one order, for the operator and for scripts.
/// Field names and meanings are fixed by the contract.
public struct JobReport: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable {
        case done, failed, rejected
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

    public struct Finding: Codable, Sendable, Equatable {
        public enum Severity: String, Codable, Sendable { case error, warning, info }
        public var severity: Severity
        public var code: String
        public var message: String
        public var entry: String?
        public var page: Int?
    }

    public struct Upload: Codable, Sendable, Equatable {
        public struct Attempt: Codable, Sendable, Equatable {
            public var httpStatus: Int?
            public var error: String?
            public var bytesSent: Int64

            enum CodingKeys: String, CodingKey {
                case httpStatus = "http_status"
                case error
                case bytesSent = "bytes_sent"
            }
        }

        public var file: String
        public var destination: String
        public var status: String
        public var attempts: [Attempt]
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
        public var code: String
        public var message: String
        public var details: [String]
    }

    public var order: String
    public var status: Status
    public var attempts = 1
    public var entries = Entries()
    public var product: ProductUsed?
    public var outputs: [Output] = []
    public var preflight: [Finding] = []
    public var uploads: [Upload] = []
    public var timingsMS: [String: Int] = [:]
    public var error: Failure?

    enum CodingKeys: String, CodingKey {
        case order, status, attempts, entries, product, outputs, preflight, uploads
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
