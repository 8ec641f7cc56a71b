import Foundation

/// The delivery ledger, every request and verified outputs, in PostgreSQL.
extension PostgresQueue: DeliveryLedger {
    public func holds(id: String, worker: String) throws -> Bool {
        let now = String(environment.now())
        return try withConnection { database -> Bool in
            try !database.execute(Self.sql("holds"),
                                  [id, worker, now]).isEmpty
        }
    }

    public func recordVerification(_ verification: Verification, worker: String) throws -> Bool {
        let now = String(environment.now())
        return try transaction { database -> Bool in
            guard try !database.execute(Self.sql("holds-for-update"), [verification.job, worker, now]).isEmpty else { return false }
            try database.execute(Self.sql("record-verification"),
                                 [verification.job, verification.orderSHA256, String(verification.attempt), PGBytea.text(verification.report),
                                  String(verification.verifiedAt)])
            try log(database, verification.job, "verified", worker: worker, detail: "attempt \(verification.attempt)")
            return true
        }
    }

    public func verification(_ id: String) throws -> Verification? {
        try withConnection { database -> Verification? in
            try database.execute(Self.sql("verification"), [id])
                .first.map(Verification.init(row:))
        }
    }

    /// Committed before it returns (synchronous_commit stays on for this transaction).
    public func recordDelivery(_ entry: LedgerEntry) throws {
        try transaction { database in
            try database.execute("SET LOCAL synchronous_commit = on")
            try database.execute(Self.sql("record-delivery"),
                                 [entry.job, String(entry.attempt), entry.kind, entry.file, entry.sha256, String(entry.bytes), entry.destination,
                                  entry.url, entry.httpStatus.map(String.init), entry.responseID, entry.orderSHA256, entry.worker,
                                  String(entry.deliveredAt)])
            try log(database, entry.job, "delivered", worker: entry.worker, detail: "\(entry.file) to \(entry.destination)")
        }
    }

    public func deliveries(_ id: String) throws -> [LedgerEntry] {
        try withConnection { database -> [LedgerEntry] in
            try database.execute(Self.sql("deliveries"), [id]).map(LedgerEntry.init(row:))
        }
    }

    public func recordRequest(_ request: UploadRequestRecord) throws {
        try withConnection { database in
            try database.execute(Self.sql("record-request"),
                                 [request.job, String(request.attempt), request.file, request.destination, request.url,
                                  request.httpStatus.map(String.init), request.error, String(request.bytesSent), String(request.at),
                                  request.requestClass])
        }
    }

    public func requests(_ id: String) throws -> [UploadRequestRecord] {
        try withConnection { database -> [UploadRequestRecord] in
            try database.execute(Self.sql("requests"), [id]).map(UploadRequestRecord.init(row:))
        }
    }
}
