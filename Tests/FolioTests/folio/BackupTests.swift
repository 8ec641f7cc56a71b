import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// `folio backup FILE`: the SQLite queue copied whole while another process writes to it, the
/// WAL's rows included, which copying `folio.db` by hand loses.
@Suite struct BackupTests {
    static func entry(_ job: String, _ index: Int) -> LedgerEntry {
        LedgerEntry(job: job, attempt: 1, kind: "interior", file: "file-\(index).pdf", sha256: "ab", bytes: 9, destination: "shop",
                    url: "https://printer/\(index)", httpStatus: 201, responseID: nil, orderSHA256: "cd", worker: "w",
                    deliveredAt: Double(index))
    }

    @Test func aBackupHoldsEveryCommittedLedgerRowWhileTheQueueIsInUse() throws {
        let workspace = try Workspace.batch()
        guard case .sqlite(let location) = try workspace.config.queue else { Issue.record("not SQLite"); return }
        // A console's connection stays open, so the rows sit in the WAL.
        let queue = try SQLiteQueue(path: location)
        _ = try queue.enqueue(id: "a", order: Data("a".utf8), signature: nil, replace: false)
        for index in 0..<38 { try queue.recordDelivery(Self.entry("a", index)) }
        // Copying the file alone, as the operator trial did, misses them.
        let copied = workspace.root.appendingPathComponent("copied.db")
        try FileManager.default.copyItem(at: location, to: copied)
        let copy = try SQLiteDatabase(path: copied.path)
        let tables = try copy.execute("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'deliveries'").first?.integer("n") ?? 0
        let rows = tables == 0 ? 0 : try copy.execute("SELECT COUNT(*) AS n FROM deliveries").first?.integer("n") ?? 0
        #expect(rows < 38, "the plain copy held every row: the test shows nothing")

        // Meanwhile another process writes: the backup is one consistent snapshot, not a torn one.
        let writer = Thread {
            guard let other = try? SQLiteQueue(path: location) else { return }
            for index in 38..<400 { try? other.recordDelivery(Self.entry("a", index)) }
        }
        writer.start()
        let file = workspace.root.appendingPathComponent("folio-backup.db")
        let run = try workspace.folio(["backup", file.path])
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("1 jobs") && run.output.contains("integrity ok"), "\(run.output)")
        let restored = try SQLiteQueue(path: file)
        let ledger = try restored.deliveries("a")
        #expect(ledger.count >= 38 && ledger.count <= 400)
        // A prefix of the writes, in order: no row missing between two that made it.
        #expect(ledger.map(\.file).sorted() == (0..<ledger.count).map { "file-\($0).pdf" }.sorted())
        #expect(run.output.contains("\(ledger.count) ledger rows"), "\(run.output)")
        #expect(try restored.job("a")?.state == .queued)
        // Every order and the ledger are in it: its owner's alone.
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600, "mode \(String(mode ?? 0, radix: 8))")
        // Never over an existing file.
        let again = try workspace.folio(["backup", file.path])
        #expect(again.status == 1 && again.errors.contains("already exists"), "\(again.errors)")
    }

    @Test func aPostgreSQLQueueIsPointedToPgDump() throws {
        let workspace = try Workspace.batch(queue: try PostgresCluster.shared.get().createDatabase())
        let run = try workspace.folio(["backup", workspace.root.appendingPathComponent("x.db").path])
        #expect(run.status == 2 && run.errors.contains("pg_dump"), "\(run.errors)")
    }
}
