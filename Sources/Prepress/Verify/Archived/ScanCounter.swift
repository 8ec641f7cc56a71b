import Foundation

/// Counts the work of the archived-text search: bytes read and phrase ends examined. Tests use
/// it to show the cost follows the output's size, not the number of archived phrases.
public final class ScanCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = 0
    private var phraseEnds = 0
    private var scans = 0

    public init() {}

    func record(bytes count: Int, phraseEnds examined: Int) {
        lock.lock()
        defer { lock.unlock() }
        bytes += count
        phraseEnds += examined
        scans += 1
    }

    public var bytesScanned: Int { lock.withLock { bytes } }
    public var phraseEndsExamined: Int { lock.withLock { phraseEnds } }
    /// How many separate pieces of text were searched (pages, entries, metadata).
    public var segmentsScanned: Int { lock.withLock { scans } }
}
