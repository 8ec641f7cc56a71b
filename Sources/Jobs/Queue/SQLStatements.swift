import Diagnostics
import Foundation

/// The queue's SQL: one statement (or one migration) a `.sql` file of the Jobs target's resources
/// (`SQL/sqlite`, `SQL/postgres`, `SQL/shared`), found where the package installs them (`/usr/share/folio/SQL`) or beside a
/// built executable; each file is read once. Statements built from a filter (the console's
/// lists) and the drivers' own bookkeeping (transactions, schema versions) stay in Swift.
final class SQLStatements: @unchecked Sendable {
    static let sqlite = SQLStatements(driver: "sqlite")
    static let postgres = SQLStatements(driver: "postgres")
    /// The migrations both drivers run alike.
    static let shared = SQLStatements(driver: "shared")

    let driver: String
    /// The folder of every driver's statements; nil when none was found.
    let folder: URL?
    private let lock = NSLock()
    private var loaded: [String: String] = [:]

    init(driver: String, folder: URL? = SharedFiles.folder("SQL", resources: "Folio_Jobs")) {
        self.driver = driver
        self.folder = folder
    }

    /// The statement in `<driver>/<name>.sql`.
    func text(_ name: String) throws(SQLStatementError) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let text = loaded[name] { return text }
        let relative = "\(driver)/\(name).sql"
        guard let folder else {
            let searched = SharedFiles.candidates("SQL", resources: "Folio_Jobs").map(\.path).joined(separator: ", ")
            throw SQLStatementError(file: "SQL/" + relative, problem: "Folio's SQL folder is not installed (looked in \(searched))")
        }
        let file = folder.appendingPathComponent(relative)
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw SQLStatementError(file: file.path, problem: "the statement is missing")
        }
        guard let text = String(data: data, encoding: .utf8), !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw SQLStatementError(file: file.path, problem: "the statement is empty or not UTF-8")
        }
        loaded[name] = text
        return text
    }
}

/// A statement of the queue's SQL that cannot be read: the installation is incomplete.
public struct SQLStatementError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var problem: String
    public var description: String { "\(file): \(problem)" }
}
