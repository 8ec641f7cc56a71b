import Foundation
import FolioTestSupport
import Testing

/// `folio run` typed by name, as cron, `sudo -u folio folio run` or a person at a shell start it:
/// argv[0] is the bare word `folio`, the current folder is somewhere else, and the job processes
/// must still be started with the program that is running.
@Suite(.serialized) struct RunByNameTests {
    @Test func aNightRunsWhenFolioIsFoundOnPathFromAnotherFolder() throws {
        let workspace = try Workspace.batch()
        let ids = try workspace.drop(2)
        // A folder on PATH with a link named `folio` (as /usr/bin/folio would be), and an empty
        // folder to run from, in which no `folio` exists.
        let bin = workspace.root.appendingPathComponent("bin")
        let elsewhere = workspace.root.appendingPathComponent("elsewhere")
        for folder in [bin, elsewhere] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("folio").path, withDestinationPath: Workspace.folio)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin.path + ":/usr/bin:/bin"
        // `/usr/bin/env folio …` runs it by name: its argv[0] is `folio`.
        let run = try Tool.run("folio", ["run", "--workers", "1", "--config", workspace.configFile.path],
                               environment: environment, directory: elsewhere)
        #expect(run.status == 0, "\(run.output)\n\(run.errors)")
        let states = try workspace.states()
        #expect(ids.allSatisfy { states[$0] == "done" }, "\(states)")
        for id in ids {
            #expect(try workspace.report(id).attempts == 1, "\(id) took more than one attempt")
        }
    }
}
