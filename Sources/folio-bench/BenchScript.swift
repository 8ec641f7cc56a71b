import Foundation

/// A Python script of `scripts/` the bench measures with, run to its end.
enum BenchScript {
    /// The script beside the configuration's repository (`config/folio.json` → `scripts/NAME`).
    static func beside(configFile: URL, _ name: String) -> URL {
        configFile.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/\(name)")
    }

    /// What the script printed; a failure says what it wrote to standard error.
    static func output(_ script: URL, _ arguments: [String]) throws(BenchError) -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw BenchError("cannot start python3 \(script.path): \(error)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError("\(script.lastPathComponent) \(arguments.joined(separator: " ")) failed: \(message.suffix(500))")
        }
        return data
    }
}
