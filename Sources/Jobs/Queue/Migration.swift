import Foundation

/// One step of a queue's schema: the statements of one `.sql` file, run in order.
struct Migration: Sendable {
    let statements: SQLStatements
    let name: String

    init(_ statements: SQLStatements, _ name: String) {
        self.statements = statements
        self.name = name
    }

    /// The file's statements, split at each `;` (so no comment holds one); comments alone are
    /// no statement.
    func steps() throws(SQLStatementError) -> [String] {
        try statements.text(name).split(separator: ";").map(String.init).filter { part in
            part.split(separator: "\n").contains { line in
                let text = line.trimmingCharacters(in: .whitespaces)
                return !text.isEmpty && !text.hasPrefix("--")
            }
        }
    }
}
