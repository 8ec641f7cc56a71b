import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// The queue's SQL lives in `.sql` resources: every statement a driver names has its file, every
/// file is some driver's statement, the built resources are what the repository holds, and a
/// missing statement is an error naming its file.
@Suite struct SQLStatementsTests {
    static let queue = repositoryRoot.appendingPathComponent("Sources/Jobs/Queue")

    /// The names a driver's sources pass to `Self.sql(…)`, and the migrations any schema names
    /// from `driver`'s folder (`shared` has only those).
    static func namesUsed(by driver: String) throws -> Set<String> {
        guard let walker = FileManager.default.enumerator(at: queue, includingPropertiesForKeys: nil) else { return [] }
        let own = ["sqlite": "/Queue/SQLite/", "postgres": "/Queue/Postgres/"][driver]
        var names: Set<String> = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            var markers = ["Migration(.\(driver), \""]
            if let own, url.path.contains(own) { markers.append("Self.sql(\"") }
            for marker in markers {
                for part in text.components(separatedBy: marker).dropFirst() { names.insert(String(part.prefix { $0 != "\"" })) }
            }
        }
        return names
    }

    static func files(of driver: String) throws -> Set<String> {
        let folder = queue.appendingPathComponent("SQL/\(driver)")
        return Set(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".sql") }.map { String($0.dropLast(4)) })
    }

    @Test(arguments: ["sqlite", "postgres", "shared"])
    func everyStatementNamedHasItsFileAndEveryFileIsNamed(_ driver: String) throws {
        let used = try Self.namesUsed(by: driver), files = try Self.files(of: driver)
        #expect(used.count >= (driver == "shared" ? 2 : 30))
        #expect(used.subtracting(files).sorted() == [], "statements without a file")
        #expect(files.subtracting(used).sorted() == [], "files no driver reads")
    }

    @Test func theBuiltResourcesAreTheRepositorysStatements() throws {
        let statements = SQLStatements(driver: "postgres")
        let folder = try #require(statements.folder, "the built SQL resources were not found beside the test executable")
        #expect(folder.path.hasSuffix("Folio_Jobs.resources/SQL"))
        let claim = try String(contentsOf: Self.queue.appendingPathComponent("SQL/postgres/claim.sql"), encoding: .utf8)
        #expect(try statements.text("claim") == claim)
        #expect(claim.contains("FOR UPDATE SKIP LOCKED"))
    }

    @Test func theCatalogsIndexIsOnTheExpressionItsListsOrderBy() throws {
        let steps = try Migration(.shared, "catalog").steps()
        #expect(steps.contains { $0.contains("CREATE INDEX jobs_listing ON jobs (\(CatalogSQL.rank), updated_at DESC, id)") })
        // Nine columns and three indexes: the file's comment is no step of its own.
        #expect(steps.count == 12)
    }

    @Test func aMissingStatementIsAnErrorNamingItsFile() throws {
        let workspace = try Workspace()
        let statements = SQLStatements(driver: "sqlite", folder: workspace.root)
        let file = workspace.root.appendingPathComponent("sqlite/claim.sql").path
        #expect(throws: SQLStatementError(file: file, problem: "the statement is missing")) { try statements.text("claim") }
        try FileManager.default.createDirectory(at: workspace.root.appendingPathComponent("sqlite"), withIntermediateDirectories: true)
        try Data("SELECT 1\n".utf8).write(to: URL(fileURLWithPath: file))
        #expect(try statements.text("claim") == "SELECT 1\n")
        // Read once: the file going away later changes nothing for this process.
        try FileManager.default.removeItem(atPath: file)
        #expect(try statements.text("claim") == "SELECT 1\n")
        let uninstalled = SQLStatements(driver: "sqlite", folder: nil)
        let error = #expect(throws: SQLStatementError.self) { try uninstalled.text("claim") }
        #expect(error?.file == "SQL/sqlite/claim.sql")
    }
}
