import Foundation

/// Files appear complete or not at all: written under a temporary name in the same folder,
/// then renamed into place, so no half-written output is ever verified, uploaded or reported.
/// Temporary names carry the process id: should a rescued attempt start while the process it
/// replaces has not yet noticed, neither can take the other's half-written files.
public enum AtomicFile {
    public static func temporary(for file: URL) -> URL {
        file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).\(getpid()).partial")
    }

    /// A failed write leaves nothing behind (a full disk would otherwise keep the empty file).
    public static func write(_ data: Data, to file: URL) throws {
        let temporary = temporary(for: file)
        do {
            try data.write(to: temporary)
            try moveIntoPlace(temporary, file)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    public static func moveIntoPlace(_ temporary: URL, _ file: URL) throws {
        if rename(temporary.path, file.path) != 0 {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path,
                NSLocalizedDescriptionKey: "cannot rename \(temporary.path) to \(file.path): \(String(cString: strerror(errno)))"])
        }
    }
}
