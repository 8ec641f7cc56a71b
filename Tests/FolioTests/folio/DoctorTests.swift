import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// `folio doctor` passes a sound configuration and names every broken item of a broken one,
/// each with its fix, exiting 1.
@Suite struct DoctorTests {
    @Test func aSoundConfigurationPasses() throws {
        let workspace = try Workspace()
        for folder in ["inbox", "reports"] {
            try FileManager.default.createDirectory(at: workspace.root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let run = try Tool.run(Workspace.folio, ["doctor", "--config", workspace.configFile.path])
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("ok      queue") && run.output.contains("ok      product a5-softcover-fogra39") && run.output.contains("no problem found"))
    }

    @Test func eachBrokenItemIsNamedWithItsFix() throws {
        // A queue file under a file: no folder can be made for it.
        let workspace = try Workspace(queue: "sqlite:folio.json/folio.db")
        let config = workspace.root.appendingPathComponent("config")
        try FileManager.default.removeItem(at: workspace.jobs)
        // Port 1 on loopback: nothing listens there.
        try Data(#"{"url": "http://127.0.0.1:1/{order}/{file}", "method": "PUT"}"#.utf8)
            .write(to: config.appendingPathComponent("destinations/down.json"))
        try Data(#"{"url": "https://printer.invalid/{order}/{file}", "method": "PUT", "auth": {"bearer_env": "FOLIO_DOCTOR_UNSET"}}"#.utf8)
            .write(to: config.appendingPathComponent("destinations/secret.json"))
        let product = try String(contentsOf: config.appendingPathComponent("products/a5-softcover.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"min_image_ppi\"", with: "\"typefaces\": {\"sans\": \"No Such Family\"},\n  \"min_image_ppi\"")
        try product.write(to: config.appendingPathComponent("products/odd-font.json"), atomically: true, encoding: .utf8)
        let run = try Tool.run(Workspace.folio, ["doctor", "--config", workspace.configFile.path])
        #expect(run.status == 1)
        for expected in ["PROBLEM jobs: ", "PROBLEM inbox: ", "PROBLEM queue: ", "PROBLEM destination down: http://127.0.0.1:1/folio-doctor/probe does not answer",
                         "PROBLEM destination secret: the token variable FOLIO_DOCTOR_UNSET is not set",
                         "PROBLEM product odd-font: no installed font has the family \"No Such Family\"", "fix: mkdir -p"] {
            #expect(run.output.contains(expected), "\(expected) missing from:\n\(run.output)")
        }
    }
}
