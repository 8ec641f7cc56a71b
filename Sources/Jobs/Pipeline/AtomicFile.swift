import Foundation

/// Files appear complete or not at all: written under a temporary name in the same folder,
/// then renamed into place, so no half-written output is ever verified, uploaded or reported.
enum AtomicFile {
    static func temporary(for file: URL) -> URL {
        file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).partial")
    }

    static func write(_ data: Data, to file: URL) throws {
        let temporary = temporary(for: file)
        try data.write(to: temporary)
        try moveIntoPlace(temporary, file)
    }

    static func moveIntoPlace(_ temporary: URL, _ file: URL) throws {
        if rename(temporary.path, file.path) != 0 {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path,
                NSLocalizedDescriptionKey: "cannot rename \(temporary.path) to \(file.path): \(String(cString: strerror(errno)))"])
        }
    }
}
