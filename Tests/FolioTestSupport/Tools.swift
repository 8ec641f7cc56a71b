import Foundation

/// Runs a command-line tool (qpdf, pdftotext, the built folio…) and captures what it says.
public struct ToolRun {
    public var status: Int32
    public var output: String
    public var errors: String
}

public enum Tool {
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                    directory: URL? = nil) throws -> ToolRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/env")
        process.arguments = executable.hasPrefix("/") ? arguments : [executable] + arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both pipes to the end before waiting, so a chatty tool cannot block on a full pipe.
        let group = DispatchGroup()
        nonisolated(unsafe) var errorData = Data()
        group.enter()
        DispatchQueue.global().async {
            errorData = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return ToolRun(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                       errors: String(decoding: errorData, as: UTF8.self))
    }

    /// `pdftotext -layout` of the whole file, pages separated by form feeds.
    public static func pdfText(_ file: URL, layout: Bool = false) throws -> [String] {
        let run = try Tool.run("pdftotext", (layout ? ["-layout"] : []) + [file.path, "-"])
        return run.output.components(separatedBy: "\u{0C}")
    }

    /// `qpdf --check`: exit 0 and no warnings.
    public static func qpdfCheck(_ file: URL) throws -> ToolRun {
        try Tool.run("qpdf", ["--check", file.path])
    }
}

extension Process {
    /// Starts the process and returns the first line it prints (a server's port, say).
    /// Runs, and returns the first line of standard output; standard error goes to `errors`.
    public func runReadingFirstLine(errors: FileHandle = .nullDevice) throws -> Data {
        let output = Pipe()
        standardOutput = output
        standardError = errors
        try run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        return line
    }
}
