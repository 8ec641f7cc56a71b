import Foundation

/// One interior page drawn large for the operator's closer look, from the verified PDF itself
/// (poppler's `pdftoppm`, a Recommends of the package): the thumbnails are 240 px, too small to
/// judge a photo or a hyphen. At most `concurrent` drawings at once across the console, each
/// given `timeout` seconds; a busy or slow one answers nil, never blocks a request thread for long.
enum LargePage {
    static let pixels = 1_400
    static let concurrent = 2
    static let timeout: TimeInterval = 20
    /// A page picture beyond this is not one of ours.
    static let maximumBytes = 32 * 1024 * 1024

    private static let slots = DispatchSemaphore(value: concurrent)
    // Foundation's Process.run (Swift 6.3.1) can fault while listing /proc/self/fd once a
    // process holds well over a thousand descriptors (swift-corelibs-foundation #5472); the
    // server's connection limit (`ServerLimits.connections`) keeps the console below that.

    /// JPEG bytes of `page` of `pdf`, or nil (no pdftoppm, too busy, too slow, failed).
    static func jpeg(of pdf: String, page: Int) -> Data? {
        guard slots.wait(timeout: .now() + 2) == .success else { return nil }
        defer { slots.signal() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pdftoppm", "-jpeg", "-jpegopt", "quality=85", "-scale-to", String(pixels),
                             "-f", String(page), "-l", String(page), "-singlefile", pdf]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let deadline = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: deadline)
        var data = Data()
        let reader = output.fileHandleForReading
        while let chunk = try? reader.read(upToCount: 256 * 1024), !chunk.isEmpty {
            data.append(chunk)
            if data.count > maximumBytes { process.terminate() }
        }
        process.waitUntilExit()
        deadline.cancel()
        guard process.terminationReason == .exit, process.terminationStatus == 0, data.count <= maximumBytes,
              data.starts(with: [0xFF, 0xD8]) else { return nil }
        return data
    }
}
