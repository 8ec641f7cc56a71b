import Foundation

/// Where Folio's own data files are: `../share/folio` beside the executable (an installed or
/// unpacked package: `/usr/bin/folio` reads `/usr/share/folio`), else the resource folder the
/// Swift package manager puts beside a built executable. Never `Bundle.module`, which stops the
/// process when its folder is not where the build left it.
public enum SharedFiles {
    /// The folder of the running executable, links resolved.
    static let executableFolder: URL? = {
        guard let path = realpath("/proc/self/exe", nil) else { return nil }
        defer { free(path) }
        return URL(fileURLWithPath: String(cString: path)).deletingLastPathComponent()
    }()

    /// `name`, a folder of a target's resources (`Dictionaries` of `Folio_Render`, `SQL` of
    /// `Folio_Jobs`), where it exists.
    public static func folder(_ name: String, resources bundle: String) -> URL? {
        candidates(name, resources: bundle).first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Where `folder` looks, in order: for an error that says where nothing was found.
    public static func candidates(_ name: String, resources bundle: String) -> [URL] {
        guard let executableFolder else { return [] }
        return [executableFolder.appendingPathComponent("../share/folio/\(name)").standardizedFileURL,
                executableFolder.appendingPathComponent("\(bundle).resources/\(name)")]
    }
}
