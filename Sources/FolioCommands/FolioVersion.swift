import Diagnostics
import Foundation

/// Which Folio this is: the package's version, which `make deb` writes beside the data it
/// installs (`/usr/share/folio/VERSION`), or a development build run from its build folder.
enum FolioVersion {
    static var current: String {
        guard let executable = SharedFiles.executable else { return "(development build)" }
        let file = executable.deletingLastPathComponent().appendingPathComponent("../share/folio/VERSION").standardizedFileURL
        guard let data = FileManager.default.contents(atPath: file.path),
              let version = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines), !version.isEmpty else {
            return "(development build)"
        }
        return version
    }
}
