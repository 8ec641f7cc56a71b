import Foundation

/// The delivery ledger, the record of every request, and verified outputs, in the queue's file.
extension SQLiteQueue: DeliveryLedger {
    public func holds(id: String, worker: String) throws -> Bool { try holds(id, worker) }

    public func recordVerification(_ verification: Verification, worker: String) throws -> Bool {
        try database.immediateTransaction { () throws -> Bool in
            guard try holds(verification.job, worker) else { return false }
            try database.execute("""
                INSERT INTO verifications (job, order_sha256, attempt, report, verified_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (job) DO UPDATE SET order_sha256 = excluded.order_sha256, attempt = excluded.attempt,
                report = excluded.report, verified_at = excluded.verified_at
                """, [.text(verification.job), .text(verification.orderSHA256), .integer(Int64(verification.attempt)),
                      .blob(verification.report), .real(verification.verifiedAt)])
            try log(verification.job, "verified", worker: worker, detail: "attempt \(verification.attempt)")
            return true
        }
    }

    private func holds(_ id: String, _ worker: String) throws -> Bool {
        try !database.execute("SELECT 1 FROM jobs WHERE id = ? AND worker = ? AND state = 'running' AND lease_until > ?",
                              [.text(id), .text(worker), .real(environment.now())]).isEmpty
    }

    public func verification(_ id: String) throws -> Verification? {
        try database.execute("SELECT \(Verification.columns.joined(separator: ", ")) FROM verifications WHERE job = ?", [.text(id)])
            .first.map(Verification.init(row:))
    }

    public func recordDelivery(_ entry: LedgerEntry) throws {
        // Durable past a power cut, not only a crash: a lost row would mean a second copy.
        try database.execute("PRAGMA synchronous=FULL")
        defer { _ = try? database.execute("PRAGMA synchronous=NORMAL") }
        try database.immediateTransaction { () throws in
            try database.execute("""
                INSERT INTO deliveries (job, attempt, kind, file, sha256, bytes, destination, url, http_status, response_id,
                order_sha256, worker, delivered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [.text(entry.job), .integer(Int64(entry.attempt)), .text(entry.kind), .text(entry.file), .text(entry.sha256),
                      .integer(entry.bytes), .text(entry.destination), .text(entry.url),
                      entry.httpStatus.map { .integer(Int64($0)) } ?? .null, entry.responseID.map { .text($0) } ?? .null,
                      .text(entry.orderSHA256), entry.worker.map { .text($0) } ?? .null, .real(entry.deliveredAt)])
            try log(entry.job, "delivered", worker: entry.worker, detail: "\(entry.file) to \(entry.destination)")
        }
    }

    public func deliveries(_ id: String) throws -> [LedgerEntry] {
        try database.execute("""
            SELECT \(LedgerEntry.columns.joined(separator: ", ")) FROM deliveries WHERE job = ? ORDER BY delivered_at, rowid
            """, [.text(id)]).map(LedgerEntry.init(row:))
    }

    public func recordRequest(_ request: UploadRequestRecord) throws {
        try database.execute("""
            INSERT INTO upload_requests (job, attempt, file, destination, url, http_status, error, bytes_sent, at, request_class)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(request.job), .integer(Int64(request.attempt)), .text(request.file), .text(request.destination),
                  .text(request.url), request.httpStatus.map { .integer(Int64($0)) } ?? .null,
                  request.error.map { .text($0) } ?? .null, .integer(request.bytesSent), .real(request.at),
                  request.requestClass.map { .text($0) } ?? .null])
    }

    public func requests(_ id: String) throws -> [UploadRequestRecord] {
        try database.execute("""
            SELECT \(UploadRequestRecord.columns.joined(separator: ", ")) FROM upload_requests WHERE job = ? ORDER BY at, rowid
            """, [.text(id)]).map(UploadRequestRecord.init(row:))
    }
}
