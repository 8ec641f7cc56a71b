import Foundation

/// The delivery ledger, the record of every request, and verified outputs, in the queue's file.
extension SQLiteQueue: DeliveryLedger {
    public func holds(id: String, worker: String) throws -> Bool { try holds(id, worker) }

    public func recordVerification(_ verification: Verification, worker: String) throws -> Bool {
        try database.immediateTransaction { () throws -> Bool in
            guard try holds(verification.job, worker) else { return false }
            try database.execute(Self.sql("record-verification"),
                                 [.text(verification.job), .text(verification.orderSHA256), .integer(Int64(verification.attempt)),
                                  .blob(verification.report), .real(verification.verifiedAt)])
            try log(verification.job, "verified", worker: worker, detail: "attempt \(verification.attempt)")
            return true
        }
    }

    private func holds(_ id: String, _ worker: String) throws -> Bool {
        try !database.execute(Self.sql("holds"),
                              [.text(id), .text(worker), .real(environment.now())]).isEmpty
    }

    public func verification(_ id: String) throws -> Verification? {
        try database.execute(Self.sql("verification"), [.text(id)])
            .first.map(Verification.init(row:))
    }

    public func recordDelivery(_ entry: LedgerEntry) throws {
        // Durable past a power cut, not only a crash: a lost row would mean a second copy.
        try database.execute("PRAGMA synchronous=FULL")
        defer { _ = try? database.execute("PRAGMA synchronous=NORMAL") }
        try database.immediateTransaction { () throws in
            try database.execute(Self.sql("record-delivery"),
                                 [.text(entry.job), .integer(Int64(entry.attempt)), .text(entry.kind), .text(entry.file), .text(entry.sha256),
                                  .integer(entry.bytes), .text(entry.destination), .text(entry.url),
                                  entry.httpStatus.map { .integer(Int64($0)) } ?? .null, entry.responseID.map { .text($0) } ?? .null,
                                  .text(entry.orderSHA256), entry.worker.map { .text($0) } ?? .null, .real(entry.deliveredAt)])
            try log(entry.job, "delivered", worker: entry.worker, detail: "\(entry.file) to \(entry.destination)")
        }
    }

    public func deliveries(_ id: String) throws -> [LedgerEntry] {
        try database.execute(Self.sql("deliveries"), [.text(id)]).map(LedgerEntry.init(row:))
    }

    public func recordRequest(_ request: UploadRequestRecord) throws {
        try database.execute(Self.sql("record-request"),
                             [.text(request.job), .integer(Int64(request.attempt)), .text(request.file), .text(request.destination),
                              .text(request.url), request.httpStatus.map { .integer(Int64($0)) } ?? .null,
                              request.error.map { .text($0) } ?? .null, .integer(request.bytesSent), .real(request.at),
                              request.requestClass.map { .text($0) } ?? .null])
    }

    public func requests(_ id: String) throws -> [UploadRequestRecord] {
        try database.execute(Self.sql("requests"), [.text(id)]).map(UploadRequestRecord.init(row:))
    }
}
