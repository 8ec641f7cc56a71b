import Foundation

/// scripts/fault_server.py on 127.0.0.1, started for a test and stopped when it ends.
final class FaultServer {
    let process = Process()
    let port: Int

    init() throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", repositoryRoot.appendingPathComponent("scripts/fault_server.py").path, "0"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the fault server did not start"])
        }
        self.port = port
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// Every upload request the server saw.
    func requests() throws -> [[String: Any]] {
        let run = try Tool.run("python3", ["-c", "import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1]).read().decode())",
                                           url("_state")])
        return (try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]]) ?? []
    }
}
