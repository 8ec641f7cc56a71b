import Foundation

/// The delivery ledger, every request and verified outputs, in PostgreSQL.
extension PostgresQueue: DeliveryLedger {
    public func holds(id: String, worker: String) throws -> Bool {
        let now = String(environment.now())
        return try withConnection { database -> Bool in
            try !database.execute("SELECT 1 FROM jobs WHERE id = $1 AND worker = $2 AND state = 'running' AND lease_until > $3",
                                  [id, worker, now]).isEmpty
        }
    }

    public func recordVerification(_ verification: Verification, worker: String) throws -> Bool {
        let now = String(environment.now())
        return try transaction { database -> Bool in
            guard try !database.execute("""
                SELECT 1 FROM jobs WHERE id = $1 AND worker = $2 AND state = 'running' AND lease_until > $3 FOR UPDATE
                """, [verification.job, worker, now]).isEmpty else { return false }
            try database.execute("""
                INSERT INTO verifications (job, order_sha256, attempt, report, verified_at) VALUES ($1, $2, $3, $4::bytea, $5)
                ON CONFLICT (job) DO UPDATE SET order_sha256 = excluded.order_sha256, attempt = excluded.attempt,
                report = excluded.report, verified_at = excluded.verified_at
                """, [verification.job, verification.orderSHA256, String(verification.attempt), PGBytea.text(verification.report),
                      String(verification.verifiedAt)])
            try log(database, verification.job, "verified", worker: worker, detail: "attempt \(verification.attempt)")
            return true
        }
    }

    public func verification(_ id: String) throws -> Verification? {
        try withConnection { database -> Verification? in
            try database.execute("SELECT \(Verification.columns.joined(separator: ", ")) FROM verifications WHERE job = $1", [id])
                .first.map(Verification.init(row:))
        }
    }

    /// Committed before it returns (synchronous_commit stays on for this transaction).
    public func recordDelivery(_ entry: LedgerEntry) throws {
        try transaction { database in
            try database.execute("SET LOCAL synchronous_commit = on")
            try database.execute("""
                INSERT INTO deliveries (job, attempt, kind, file, sha256, bytes, destination, url, http_status, response_id,
                order_sha256, worker, delivered_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
                """, [entry.job, String(entry.attempt), entry.kind, entry.file, entry.sha256, String(entry.bytes), entry.destination,
                      entry.url, entry.httpStatus.map(String.init), entry.responseID, entry.orderSHA256, entry.worker,
                      String(entry.deliveredAt)])
            try log(database, entry.job, "delivered", worker: entry.worker, detail: "\(entry.file) to \(entry.destination)")
        }
    }

    public func deliveries(_ id: String) throws -> [LedgerEntry] {
        try withConnection { database -> [LedgerEntry] in
            try database.execute("""
                SELECT \(LedgerEntry.columns.joined(separator: ", ")) FROM deliveries WHERE job = $1 ORDER BY delivered_at, id
                """, [id]).map(LedgerEntry.init(row:))
        }
    }

    public func recordRequest(_ request: UploadRequestRecord) throws {
        try withConnection { database in
            try database.execute("""
                INSERT INTO upload_requests (job, attempt, file, destination, url, http_status, error, bytes_sent, at, request_class)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
                """, [request.job, String(request.attempt), request.file, request.destination, request.url,
                      request.httpStatus.map(String.init), request.error, String(request.bytesSent), String(request.at),
                      request.requestClass])
        }
    }

    public func requests(_ id: String) throws -> [UploadRequestRecord] {
        try withConnection { database -> [UploadRequestRecord] in
            try database.execute("""
                SELECT \(UploadRequestRecord.columns.joined(separator: ", ")) FROM upload_requests WHERE job = $1 ORDER BY at, id
                """, [id]).map(UploadRequestRecord.init(row:))
        }
    }
}
