import Foundation

/// Where Folio's own data files are: `../share/folio` beside the executable (an installed or
/// unpacked package: `/usr/bin/folio` reads `/usr/share/folio`), else the resource folder the
/// Swift package manager puts beside a built executable. Never `Bundle.module`, which stops the
/// process when its folder is not where the build left it.
enum SharedFiles {
    /// The folder of the running executable, links resolved.
    static let executableFolder: URL? = {
        guard let path = realpath("/proc/self/exe", nil) else { return nil }
        defer { free(path) }
        return URL(fileURLWithPath: String(cString: path)).deletingLastPathComponent()
    }()

    /// `name` (a folder of Render's resources, such as `Dictionaries`), where it exists.
    static func folder(_ name: String) -> URL? {
        guard let executableFolder else { return nil }
        let candidates = [executableFolder.appendingPathComponent("../share/folio/\(name)").standardizedFileURL,
                          executableFolder.appendingPathComponent("Folio_Render.resources/\(name)")]
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }
}
