import Foundation
import FolioCommandLine
import Jobs

/// `folio-bench`'s options. `--entries` and `--photos` size the year (the half-year is half of
/// each); smaller sizes are for trying the bench's own code paths quickly.
struct BenchOptions {
    var product = "a5-softcover"
    var entries = 365
    var photos = 120
    /// Passed to `folio render` only when given, so the bench runs on a render without it.
    var threads: Int?
    /// The batch through `folio run`; `make bench` runs it for the default product only.
    var batch = true
    /// The year again with four times the photos, for peak memory.
    var memoryRun = true
    /// Leaves the bench's files (diaries, outputs, floor inputs) in place for a look.
    var keep = false
    /// Where the repository's configuration is (products, destinations, profiles).
    var configFile: URL

    init(_ arguments: Arguments) throws(BenchError) {
        configFile = arguments.options["config"].map { URL(fileURLWithPath: $0) } ?? FolioConfig.defaultLocation()
        if let product = arguments.options["product"] { self.product = product }
        entries = try Self.count(arguments, "entries", default: entries, minimum: 2)
        photos = try Self.count(arguments, "photos", default: photos, minimum: 0)
        if arguments.options["threads"] != nil { threads = try Self.count(arguments, "threads", default: 0, minimum: 0) }
        batch = !arguments.flags.contains("no-batch")
        memoryRun = !arguments.flags.contains("no-memory-run")
        keep = arguments.flags.contains("keep")
        let known: Set<String> = ["no-batch", "no-memory-run", "keep", "volumes", "photo-formats"]
        if let unknown = arguments.flags.subtracting(known).sorted().first {
            throw BenchError("unknown option --\(unknown)")
        }
        if !arguments.positional.isEmpty {
            throw BenchError("bench takes no file arguments, got \(arguments.positional.joined(separator: " "))")
        }
    }

    private static func count(_ arguments: Arguments, _ name: String, default value: Int, minimum: Int) throws(BenchError) -> Int {
        guard let text = arguments.options[name] else { return value }
        guard let number = Int(text), number >= minimum else {
            throw BenchError("--\(name) expects a whole number of at least \(minimum), got \"\(text)\"")
        }
        return number
    }
}
