import Foundation

/// Where Folio's own data files are: `../share/folio` beside the executable (an installed or
/// unpacked package: `/usr/bin/folio` reads `/usr/share/folio`), else the resource folder the
/// Swift package manager puts beside a built executable. Never `Bundle.module`, which stops the
/// process when its folder is not where the build left it.
public enum SharedFiles {
    /// The running executable, links resolved, from the kernel rather than from `argv[0]`: a
    /// `folio` typed by name (found on PATH, started by cron or `sudo -u`) has no folder in
    /// `argv[0]`, and the current folder is not where it lives.
    public static let executable: URL? = {
        guard let path = realpath("/proc/self/exe", nil) else { return nil }
        defer { free(path) }
        return URL(fileURLWithPath: String(cString: path))
    }()

    /// The folder of the running executable, links resolved.
    static let executableFolder: URL? = executable?.deletingLastPathComponent()

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

    /// `file` of the resource folder `name`, read whole: a missing folder or file is an error
    /// that names the file and where it was looked for.
    public static func contents(of file: String, in name: String, resources bundle: String) throws(SharedFileError) -> Data {
        guard let found = folder(name, resources: bundle) else {
            let searched = candidates(name, resources: bundle).map(\.path).joined(separator: ", ")
            throw SharedFileError(file: "\(name)/\(file)", problem: "Folio's \(name) folder is not installed (looked in \(searched))")
        }
        return try contents(of: file, in: found)
    }

    /// `file` of `folder`, read whole; an empty file is as good as none.
    public static func contents(of file: String, in folder: URL) throws(SharedFileError) -> Data {
        let url = folder.appendingPathComponent(file)
        guard let data = FileManager.default.contents(atPath: url.path), !data.isEmpty else {
            throw SharedFileError(file: url.path, problem: "the file is missing or empty")
        }
        return data
    }
}
