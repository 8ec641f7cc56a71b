import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Free space where Folio writes, as an unprivileged writer may use it (`statvfs`'s
/// `f_bavail`): what `doctor`, `/metrics` and intake's pause read.
public enum DiskSpace {
    /// Bytes free on the file system holding `path` (its nearest existing parent), or nil when
    /// it cannot be read.
    public static func free(at path: URL) -> Int64? {
        var probe = path.standardizedFileURL
        while !FileManager.default.fileExists(atPath: probe.path), probe.path != "/" { probe.deleteLastPathComponent() }
        var stats = statvfs()
        guard statvfs(probe.path, &stats) == 0 else { return nil }
        return Int64(stats.f_bavail) * Int64(stats.f_frsize)
    }

    /// The places a night writes to, by name: jobs, inbox, reports, and the SQLite queue's
    /// folder (a PostgreSQL queue's disk is its server's).
    public static func places(_ config: FolioConfig) -> [(name: String, path: URL)] {
        var places = [("jobs", config.jobs), ("inbox", config.inbox), ("reports", config.reports)]
        if case .sqlite(let file) = config.queue { places.append(("queue", file.deletingLastPathComponent())) }
        return places
    }

    /// The place with the least free space, when any is below `minimum`.
    public static func short(_ config: FolioConfig, minimum: Int64) -> (name: String, path: URL, free: Int64)? {
        guard minimum > 0 else { return nil }
        return places(config).compactMap { place in free(at: place.path).map { (place.name, place.path, $0) } }
            .filter { $0.2 < minimum }.min { $0.2 < $1.2 }
    }

    /// Bytes held by a file, or by the files under a folder (zero when it does not exist).
    static func used(by folder: URL) -> Int64 {
        let own = try? folder.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey])
        if own?.isRegularFile == true { return Int64(own?.fileSize ?? 0) }
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.fileSizeKey, .isRegularFileKey]) else {
            return 0
        }
        var total: Int64 = 0
        for case let file as URL in walker {
            let values = try? file.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey])
            if values?.isRegularFile == true { total += Int64(values?.fileSize ?? 0) }
        }
        return total
    }
}
