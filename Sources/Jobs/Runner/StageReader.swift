import Foundation

/// The runner's end of a job process's standard output: the process pushes each stage change
/// as a `stage: …` line the moment it starts it, so the runner shows progress without reading
/// the queue. Anything else the process writes there is passed on to its log.
final class StageReader {
    private static let prefix = "stage: "
    private let pipe = Pipe()
    private let log: FileHandle
    private var pending = Data()

    /// The line a job process writes for `stage` (one line, whatever the stage's text holds).
    static func line(for stage: String) -> String {
        prefix + stage.replacingOccurrences(of: "\n", with: " ") + "\n"
    }

    /// What the process is started with as its standard output.
    var output: FileHandle { pipe.fileHandleForWriting }

    init(log: FileHandle) throws {
        self.log = log
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        // Read without blocking: the runner looks between its other rounds of work.
        guard fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) == 0 else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot read a job's stages: \(String(cString: strerror(errno)))"])
        }
    }

    /// Once the process runs, the runner's copy of the write end is closed, so that the pipe
    /// ends when the process does.
    func started() {
        try? pipe.fileHandleForWriting.close()
    }

    /// The stages pushed since the last look, oldest first.
    func stages() -> [String] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(pipe.fileHandleForReading.fileDescriptor, &buffer, buffer.count)
            if count <= 0 { break }
            pending.append(contentsOf: buffer[0..<count])
        }
        // A process writing much without line ends is not writing stages: its log keeps it.
        if pending.count > 65_536, !pending.contains(UInt8(ascii: "\n")) {
            log.write(pending)
            pending.removeAll()
        }
        var found: [String] = []
        while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = pending[pending.startIndex...end]
            pending.removeSubrange(pending.startIndex...end)
            let text = String(decoding: line.dropLast(), as: UTF8.self)
            if text.hasPrefix(Self.prefix) { found.append(String(text.dropFirst(Self.prefix.count))) } else { log.write(line) }
        }
        return found
    }

    /// The process has ended: what is left unread, then the pipe is closed.
    func close() -> [String] {
        let last = stages()
        if !pending.isEmpty { log.write(pending) }
        pending.removeAll()
        try? pipe.fileHandleForReading.close()
        return last
    }
}
