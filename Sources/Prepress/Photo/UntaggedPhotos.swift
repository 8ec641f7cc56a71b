import Foundation

/// The CMYK photos a job found without a colour profile. Folio takes them as already in the
/// press's colour, as PDF/X reads DeviceCMYK through the output intent; the report says so for
/// each (`photo-cmyk-assumed`, info). Told from every photo thread.
public final class UntaggedPhotos: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [URL] = []

    public init() {}

    public func note(_ file: URL) {
        lock.withLock { if !files.contains(file) { files.append(file) } }
    }

    /// In the order they were first prepared.
    public var all: [URL] { lock.withLock { files } }
}
