import Foundation
import FolioCommandLine
import Jobs

/// `folio backup FILE`: the SQLite queue (jobs, ledger, delivery proofs, reports) copied whole
/// while Folio runs, checked, and said. A PostgreSQL queue is its server's to back up.
enum BackupCommand {
    static func run(_ arguments: Arguments, console: Terminal) -> Int32 {
        guard let path = arguments.positional.first else {
            console.complain("usage: folio backup FILE")
            return 2
        }
        guard let config = Command.loadConfig(arguments, console: console) else { return 2 }
        guard case .sqlite(let location) = config.queue else {
            console.complain("the queue is PostgreSQL: back it up with pg_dump (pg_dump --format=custom --file=folio.dump DATABASE), "
                             + "restore with pg_restore into an empty database; docs/guide.md: Months on a server")
            return 2
        }
        guard FileManager.default.fileExists(atPath: location.path) else {
            console.complain("backup: there is no queue at \(location.path) (folio.json's queue)")
            return 1
        }
        do {
            let queue = try SQLiteQueue(path: location)
            let summary = try queue.backup(to: URL(fileURLWithPath: path))
            console.say("backed up \(location.path) to \(path): \(summary.jobs) jobs, \(summary.ledgerRows) ledger rows, "
                        + "\(summary.deliveryProofs) delivery proofs, \(summary.bytes) bytes; integrity ok")
            return 0
        } catch {
            console.complain("backup: \(error)")
            return 1
        }
    }
}
