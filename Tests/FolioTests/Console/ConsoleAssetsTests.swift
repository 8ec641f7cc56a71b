import Diagnostics
import Foundation
import FolioTestSupport
import Testing
@testable import Console
import Jobs

/// The console's stylesheet, script and icon are the files of `Sources/Console/ConsoleAssets`,
/// served byte for byte; without them `folio serve` does not start, and says which file it missed.
@Suite struct ConsoleAssetsTests {
    static let folder = repositoryRoot.appendingPathComponent("Sources/Console/ConsoleAssets")

    @Test func theStaticFilesAreTheResourceFilesByteForByte() throws {
        let workspace = try Workspace()
        let token = ConsoleTokens.newToken()
        let server = try ConsoleServer(workspace, environment: ["FOLIO_CONSOLE_TOKEN": token])
        for (path, file, type) in [("/static/console.css", "console.css", "text/css"), ("/static/console.js", "console.js", "text/javascript"),
                                   ("/static/favicon.svg", "favicon.svg", "image/svg+xml"), ("/favicon.ico", "favicon.svg", "image/svg+xml")] {
            let answer = try Curl.request(server.base + path)
            let expected = try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)
            #expect(answer.status == 200 && answer.headers["content-type"] == type, "\(path)")
            #expect(answer.body == expected, "\(path) is not \(file)")
        }
        // The pages link them, never inline them (the policy allows neither inline style nor script).
        let login = try Curl.request(server.base + "/login").body
        let jobs = try Curl.request(server.base + "/jobs", headers: ["Authorization": "Bearer \(token)"]).body
        for page in [login, jobs] {
            #expect(page.contains("<link rel=\"stylesheet\" href=\"/static/console.css\">"))
            #expect(page.contains("<script src=\"/static/console.js\" defer></script>"))
            #expect(!page.contains("<style") && !page.contains("<script>"))
        }
    }

    @Test func aMissingAssetIsAnErrorNamingTheFile() throws {
        let workspace = try Workspace()
        let missing = workspace.root.appendingPathComponent("console.css").path
        #expect(throws: SharedFileError(file: missing, problem: "the file is missing or empty")) { try ConsoleAssets.load(from: workspace.root) }
        for file in ["console.css", "console.js", "favicon.svg"] {
            try FileManager.default.copyItem(at: Self.folder.appendingPathComponent(file), to: workspace.root.appendingPathComponent(file))
        }
        let assets = try ConsoleAssets.load(from: workspace.root)
        guard case .bytes(let script)? = assets.response("/static/console.js")?.body else {
            Issue.record("no script at /static/console.js")
            return
        }
        #expect(script == (try Data(contentsOf: Self.folder.appendingPathComponent("console.js"))))
        #expect(assets.response("/static/other.css") == nil)
    }

    /// The binary copied where neither `../share/folio` nor a build's resources lie beside it.
    @Test func serveRefusesToStartWithoutItsAssets() throws {
        let workspace = try Workspace()
        let binary = workspace.root.appendingPathComponent("bin/folio")
        try FileManager.default.createDirectory(at: binary.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Workspace.folio, toPath: binary.path)
        let serve = try Tool.run(binary.path, ["serve", "--no-auth", "--listen", "127.0.0.1:0", "--config", workspace.configFile.path])
        #expect(serve.status == 1)
        #expect(serve.errors.contains("ConsoleAssets/console.css: Folio's ConsoleAssets folder is not installed (looked in "
                                      + workspace.root.appendingPathComponent("share/folio/ConsoleAssets").path), "\(serve.errors)")
        #expect(!serve.output.contains("listening"))
    }
}
