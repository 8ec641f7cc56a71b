import Foundation

// The queue's records read from rows by column name, the same on both drivers, whichever
// statement (`SQL/<driver>/*.sql`) selected them.

extension QueuedJob {
    init(row: QueueRow) throws(RowError) {
        self.init(id: try row.text("id"), state: try row.value("state", as: State.self), stage: try row.text("stage"),
                  attempts: try row.integer("attempts"), lastError: try row.optionalText("last_error"),
                  worker: try row.optionalText("worker"), createdAt: try row.real("created_at"), updatedAt: try row.real("updated_at"),
                  orderSHA256: try row.text("order_sha256"), order: try row.blob("order_bytes"),
                  signature: try row.optionalText("signature"), approvedBy: try row.optionalText("approved_by"))
    }
}

extension LedgerEntry {
    init(row: QueueRow) throws(RowError) {
        self.init(job: try row.text("job"), attempt: try row.integer("attempt"), kind: try row.text("kind"), file: try row.text("file"),
                  sha256: try row.text("sha256"), bytes: Int64(try row.integer("bytes")), destination: try row.text("destination"),
                  url: try row.text("url"), httpStatus: try row.optionalInteger("http_status"),
                  responseID: try row.optionalText("response_id"), orderSHA256: try row.text("order_sha256"),
                  worker: try row.optionalText("worker"), deliveredAt: try row.real("delivered_at"))
    }
}

extension UploadRequestRecord {
    init(row: QueueRow) throws(RowError) {
        self.init(job: try row.text("job"), attempt: try row.integer("attempt"), file: try row.text("file"),
                  destination: try row.text("destination"), url: try row.text("url"), httpStatus: try row.optionalInteger("http_status"),
                  error: try row.optionalText("error"), bytesSent: Int64(try row.integer("bytes_sent")), at: try row.real("at"),
                  requestClass: try row.optionalText("request_class"))
    }
}

extension Verification {
    init(row: QueueRow) throws(RowError) {
        self.init(job: try row.text("job"), orderSHA256: try row.text("order_sha256"), attempt: try row.integer("attempt"),
                  report: try row.blob("report"), verifiedAt: try row.real("verified_at"))
    }
}

extension JobRow {
    static let columns = ["id", "state", "stage", "attempts", "last_error", "product", "destination", "title", "author", "night", "pages",
                          "warnings", "created_at", "updated_at"]

    init(row: QueueRow) throws(RowError) {
        self.init(id: try row.text("id"), state: try row.value("state", as: QueuedJob.State.self), stage: try row.text("stage"),
                  attempts: try row.integer("attempts"), lastError: try row.optionalText("last_error"),
                  product: try row.optionalText("product"), destination: try row.optionalText("destination"),
                  title: try row.optionalText("title"), author: try row.optionalText("author"), night: try row.text("night"),
                  pages: try row.optionalInteger("pages"), warnings: try row.optionalInteger("warnings"),
                  createdAt: try row.real("created_at"), updatedAt: try row.real("updated_at"))
    }
}

extension JobEvent {
    init(row: QueueRow) throws(RowError) {
        self.init(at: try row.real("at"), event: try row.text("event"), by: try row.optionalText("worker"),
                  detail: try row.optionalText("detail"))
    }
}

/// One batch report as `ReportArchive.batchReports` lists it.
enum BatchReportRow {
    static func read(_ row: QueueRow) throws(RowError) -> (name: String, summary: Data) {
        (try row.text("name"), try row.blob("summary"))
    }
}

extension DeliveryProof {
    init(row: QueueRow) throws(RowError) {
        self.init(job: try row.text("job"), orderSHA256: try row.text("order_sha256"), kind: try row.text("kind"),
                  file: try row.text("file"), sha256: try row.text("sha256"), bytes: Int64(try row.integer("bytes")),
                  destination: try row.text("destination"), url: try row.text("url"), httpStatus: try row.optionalInteger("http_status"),
                  responseID: try row.optionalText("response_id"), deliveredAt: try row.real("delivered_at"),
                  prunedAt: try row.real("pruned_at"))
    }
}

extension Pause {
    /// Nil for a kind this Folio does not know (written by a newer one).
    init?(row: QueueRow) throws(RowError) {
        guard let target = PauseTarget(kind: try row.text("kind"), name: try row.text("name")) else { return nil }
        self.init(target: target, reason: try row.text("reason"), pausedBy: try row.text("paused_by"), at: try row.real("at"))
    }
}
