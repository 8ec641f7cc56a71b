import CPQ
import Foundation

/// One libpq connection, owned here and finished on deinit. Parameters are always bound
/// (`PQexecParams`, text format), never spliced into SQL; results are text. A connection serves
/// one thread at a time.
final class PGConnection {
    struct Failure: QueueContention, CustomStringConvertible {
        var message: String
        /// The SQLSTATE, when the server sent one.
        var state: String?
        /// The connection itself is gone (or never came): reconnecting may help.
        var connectionLost: Bool
        var description: String { message + (state.map { " (SQLSTATE \($0))" } ?? "") }
        /// `lock_not_available`: another transaction held a row this one waited for longer than
        /// the connection's `lock_timeout`.
        var isLockTimeout: Bool { state == "55P03" }
    }

    private let handle: OpaquePointer

    /// `url` is a `postgres://` URL without a password; `password` (FOLIO_PG_PASSWORD) is given
    /// to libpq beside it. Without one libpq reads PGPASSWORD or ~/.pgpass itself. `lockWait`:
    /// seconds a statement waits for another transaction's lock before failing with
    /// `isLockTimeout` (runners wait long; the console answers 503 sooner), as SQLite's busy wait.
    init(url: String, password: String?, lockWait: Double? = nil) throws(Failure) {
        var keywords = ["dbname", "connect_timeout", "application_name"]
        var values = [url, "10", "folio"]
        if let lockWait {
            keywords.append("options")
            values.append("-c lock_timeout=\(max(1, Int(lockWait * 1000)))")
        }
        if let password {
            keywords.append("password")
            values.append(password)
        }
        // libpq reads both lists up to a NULL.
        let connection = Self.withOptionalCStrings(keywords + [nil]) { keywordPointers in
            Self.withOptionalCStrings(values + [nil]) { valuePointers in PQconnectdbParams(keywordPointers, valuePointers, 1) }
        }
        guard let connection else { throw Failure(message: "libpq could not allocate a connection", state: nil, connectionLost: true) }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = Self.redacted(String(cString: PQerrorMessage(connection)), password: password)
            PQfinish(connection)
            throw Failure(message: "cannot connect to the queue's database: \(message)", state: nil, connectionLost: true)
        }
        handle = connection
        // Notices (e.g. "relation already exists, skipping") are not errors: keep them quiet.
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
    }

    deinit { PQfinish(handle) }

    var isBroken: Bool { PQstatus(handle) != CONNECTION_OK }

    /// Runs one statement with `$1…` bound to `values` (nil is NULL); returns the rows, each
    /// value read from its text by its column's type.
    @discardableResult
    func execute(_ sql: String, _ values: [String?] = []) throws(Failure) -> [QueueRow] {
        let result = Self.withOptionalCStrings(values) { pointers in
            PQexecParams(handle, sql, Int32(values.count), nil, pointers, nil, nil, 0)
        }
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
            let message = result.flatMap { PQresultErrorMessage($0) }.map { String(cString: $0) } ?? String(cString: PQerrorMessage(handle))
            // Class 08 is connection trouble; 57P0x an administrator or crash shutting the server.
            let lost = isBroken || state?.hasPrefix("08") == true || ["57P01", "57P02", "57P03"].contains(state ?? "")
            throw Failure(message: message.trimmingCharacters(in: .whitespacesAndNewlines), state: state, connectionLost: lost)
        }
        let columns = PQnfields(result)
        var positions: [String: Int] = [:]
        for column in 0..<columns {
            if let name = PQfname(result, column) { positions[String(cString: name)] = Int(column) }
        }
        let types = (0..<columns).map { PQftype(result, $0) }
        var rows: [QueueRow] = []
        for row in 0..<PQntuples(result) {
            rows.append(QueueRow(positions: positions, values: (0..<columns).map { column in
                PQgetisnull(result, row, column) == 1 ? .null
                    : Self.value(String(cString: PQgetvalue(result, row, column)), type: types[Int(column)])
            }))
        }
        return rows
    }

    /// A text result as the value its type names (OIDs from pg_type); text that does not read
    /// as its type stays text, which a reader expecting the type reports by column.
    private static func value(_ text: String, type: Oid) -> SQLValue {
        switch type {
        case 16: .integer(text == "t" ? 1 : 0)  // bool
        case 20, 21, 23: Int64(text).map(SQLValue.integer) ?? .text(text)  // int8, int2, int4
        case 700, 701, 1700: Double(text).map(SQLValue.real) ?? .text(text)  // float4, float8, numeric
        case 17: PGBytea.data(text).map(SQLValue.blob) ?? .text(text)  // bytea
        default: .text(text)
        }
    }

    /// Waits up to `timeout` seconds for a NOTIFY on a channel this connection LISTENs to;
    /// true when one came. Every notification that arrived is consumed.
    func waitForNotification(timeout: Double) throws(Failure) -> Bool {
        if try drainNotifications() { return true }
        var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
        guard descriptor.fd >= 0 else { throw Failure(message: "the queue's connection has no socket", state: nil, connectionLost: true) }
        _ = poll(&descriptor, 1, Int32(max(0, timeout) * 1000))
        return try drainNotifications()
    }

    private func drainNotifications() throws(Failure) -> Bool {
        guard PQconsumeInput(handle) == 1 else {
            throw Failure(message: String(cString: PQerrorMessage(handle)), state: nil, connectionLost: true)
        }
        var any = false
        while let notification = PQnotifies(handle) {
            any = true
            PQfreemem(notification)
        }
        return any
    }

    /// A libpq message never carries the password, even if a server echoed it.
    static func redacted(_ message: String, password: String?) -> String {
        guard let password, !password.isEmpty else { return message.trimmingCharacters(in: .whitespacesAndNewlines) }
        return message.replacingOccurrences(of: password, with: "[redacted]").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func withOptionalCStrings<T>(_ strings: [String?], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
        let copies = strings.map { $0.map { strdup($0) } ?? nil }
        defer { copies.forEach { free($0) } }
        return body(copies.map { UnsafePointer($0) })
    }
}
