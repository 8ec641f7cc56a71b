import Foundation
import FolioTestSupport
import Testing

/// The built `folio` binary, run as an operator would.
@Suite struct CommandLineTests {
    let folio = repositoryRoot.appendingPathComponent(".build/debug/folio").path

    @Test func renderExitCodes() throws {
        let workspace = try Workspace()
        try workspace.writeExport("anna", journal: Sample.journal([Sample.entry("e1", "2025-01-03T08:15:00Z")]))
        let good = try workspace.writeOrder(Sample.order(), name: "good.json")
        let out = workspace.root.appendingPathComponent("out")
        let run = try Tool.run(folio, ["render", good.file.path, "--out", out.path, "--config", workspace.configFile.path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("interior.pdf"))
        try PDFChecks.expectPrintReady(out.appendingPathComponent("interior.pdf"))

        let bad = try workspace.writeOrder(Sample.order(scope: ["decade": 2020]), name: "bad.json")
        let rejected = try Tool.run(folio, ["render", bad.file.path, "--out", out.path + "-bad", "--config", workspace.configFile.path])
        #expect(rejected.status == 2)
        #expect(rejected.errors.contains("book.scope: expected"))
        #expect(rejected.errors.contains("bad.json"))
    }

    @Test func theConfigComesFromTheEnvironmentWhenNotGiven() throws {
        let workspace = try Workspace()
        try Data("{\"nonsense\": 1}".utf8).write(to: workspace.configFile)
        var environment = ProcessInfo.processInfo.environment
        environment["FOLIO_CONFIG"] = workspace.configFile.path
        let run = try Tool.run(folio, ["render", "x.json", "--out", "y"], environment: environment)
        #expect(run.status == 2)
        #expect(run.errors.contains(workspace.configFile.path))
        #expect(run.errors.contains("nonsense"))
    }

    @Test func usageErrorsExitTwo() throws {
        #expect(try Tool.run(folio, []).status == 2)
        #expect(try Tool.run(folio, ["frobnicate"]).status == 2)
        #expect(try Tool.run(folio, ["render"]).status == 2)
    }
}
