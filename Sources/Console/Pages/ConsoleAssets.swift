import Diagnostics
import Foundation

/// The console's stylesheet, its one script and its icon, served from `/static/` (the
/// Content-Security-Policy allows no inline script or style): `ConsoleAssets` of the Console
/// target's resources (`/usr/share/folio/ConsoleAssets` when installed), read once when
/// `folio serve` starts, which refuses to start without them. The script polls `data-poll`
/// every 10 s while the tab is visible, sends a form once however often it is clicked, and
/// toggles every row's checkbox from the select-all box.
public struct ConsoleAssets: Sendable {
    static let folder = "ConsoleAssets"
    let stylesheet: Data
    let script: Data
    let icon: Data

    /// The installed assets, or those of `folder` (a test's).
    public static func load(from folder: URL? = nil) throws(SharedFileError) -> ConsoleAssets {
        func read(_ file: String) throws(SharedFileError) -> Data {
            if let folder { return try SharedFiles.contents(of: file, in: folder) }
            return try SharedFiles.contents(of: file, in: Self.folder, resources: "Folio_Console")
        }
        return ConsoleAssets(stylesheet: try read("console.css"), script: try read("console.js"), icon: try read("favicon.svg"))
    }

    /// The answer to `GET path` when it names an asset.
    func response(_ path: String) -> HTTPResponse? {
        let (type, age, body): (String, Int, Data)
        switch path {
        case "/static/console.css": (type, age, body) = ("text/css", 3600, stylesheet)
        case "/static/console.js": (type, age, body) = ("text/javascript", 3600, script)
        case "/static/favicon.svg", "/favicon.ico": (type, age, body) = ("image/svg+xml", 86400, icon)
        default: return nil
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", type), ("Cache-Control", "max-age=\(age)")], body: .bytes(body))
    }
}
