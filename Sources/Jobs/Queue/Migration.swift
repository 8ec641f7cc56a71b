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
    /// no statement. A file of triggers, whose bodies hold semicolons of their own, ends each
    /// statement with a line `-- end` instead.
    func steps() throws(SQLStatementError) -> [String] {
        let text = try statements.text(name)
        let parts = text.contains("\n-- end\n") ? text.components(separatedBy: "\n-- end\n") : text.split(separator: ";").map(String.init)
        return parts.filter { part in
            part.split(separator: "\n").contains { line in
                let text = line.trimmingCharacters(in: .whitespaces)
                return !text.isEmpty && !text.hasPrefix("--")
            }
        }
    }
}
