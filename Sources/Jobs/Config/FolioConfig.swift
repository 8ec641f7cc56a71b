import Import
import Foundation
import Prepress

/// `config/folio.json` and the products and destinations beside it.
public struct FolioConfig: Sendable {
    public enum QueueLocation: Sendable, Equatable {
        case sqlite(URL)
        case postgres(String)
    }

    /// The folder that holds `folio.json`; relative paths are relative to it.
    public var folder: URL
    public var exportsRoot: URL
    public var inbox: URL
    public var queue: QueueLocation
    public var jobs: URL
    public var reports: URL
    /// Worker count; 0 in the file means one per core.
    public var workers: Int
    /// Attempts per job before it ends `failed`; retries wait with backoff and jitter.
    public var maxAttempts = 3
    public var retryBaseSeconds = 5.0
    /// A running job's lease; the runner renews it while the job works.
    public var leaseSeconds = 60.0
    /// An inbox file must be unchanged this long before intake takes it.
    public var intakeSettleSeconds = 2.0
    /// With `run --watch`: how often the hot folder is read.
    public var intakeIntervalSeconds = 2.0
    /// What is kept how long, and the free disk intake needs (`retention`).
    public var retention = RetentionPolicy()
    /// When a night ends, for its report and the catalog (`night`).
    public var night = NightClock()
    /// Who hears of each night and each failure (`notify`).
    public var notify = NotifySettings()
    /// Address space a job's process may use, in MB (0: no limit).
    public var jobMemoryMB = 8192
    /// Threads one job may keep busy; 0: the cores the process may use, shared by the workers.
    public var threads = 0
    /// `console_tokens`: the file of the console's hashed tokens and their roles.
    public var consoleTokens: URL?
    /// `import_max_mb`, `import_max_files`: the most a zipped export may unpack to.
    public var importMaxBytes: Int64 = 2048 * 1_048_576
    public var importMaxFiles = 50_000

    /// Threads for each of `workers` jobs running at once: the setting when it names a number,
    /// else the cores divided among the workers, so the batch never asks for more than the
    /// machine has.
    public func threadsPerJob(workers: Int) -> Int {
        if threads > 0 { return threads }
        return max(1, ProcessInfo.processInfo.activeProcessorCount / max(1, workers))
    }

    /// Where the configuration is when no `--config PATH` says: `$FOLIO_CONFIG`, else
    /// `./config/folio.json` when it exists (a checkout, a workspace), else the package's
    /// `/etc/folio/folio.json` when that exists, so an operator on the server types no path;
    /// else `./config/folio.json`, which the error then names.
    public static func defaultLocation(environment: [String: String] = ProcessInfo.processInfo.environment,
                                       exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> URL {
        if let named = environment["FOLIO_CONFIG"] { return URL(fileURLWithPath: named) }
        let local = "config/folio.json", installed = "/etc/folio/folio.json"
        return URL(fileURLWithPath: !exists(local) && exists(installed) ? installed : local)
    }

    public static func load(_ file: URL) throws(InputError) -> FolioConfig {
        let shown = file.path
        let issues = IssueList(file: shown)
        guard var reader = ObjectReader(try JSONValue.load(file, shownAs: shown), path: "", issues: issues) else {
            try issues.check()
            throw InputError(issues.issues)
        }
        let folder = file.deletingLastPathComponent().standardizedFileURL
        func location(_ key: String) -> URL? {
            reader.string(key).map { Self.path($0, in: folder) }
        }
        let exportsRoot = location("exports_root")
        let inbox = location("inbox")
        let jobs = location("jobs")
        let reports = location("reports")
        var queue: QueueLocation?
        if let text = reader.string("queue") {
            if text.hasPrefix("sqlite:") {
                queue = .sqlite(Self.path(String(text.dropFirst(7)), in: folder))
            } else if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
                // The password never sits in config/: it comes from the environment or ~/.pgpass.
                let components = URLComponents(string: text)
                if components?.password != nil || components?.queryItems?.contains(where: { $0.name == "password" }) == true {
                    issues.add(.invalidValue, "queue", "the PostgreSQL URL must not carry a password; "
                               + "set FOLIO_PG_PASSWORD (or PGPASSWORD, or use ~/.pgpass) instead")
                } else if components?.host == nil {
                    issues.add(.invalidValue, "queue", "expected postgres://USER@HOST:PORT/DATABASE")
                } else {
                    queue = .postgres(text)
                }
            } else {
                issues.add(.invalidValue, "queue", "expected \"sqlite:PATH\" or \"postgres://…\", got \"\(text)\"")
            }
        }
        let workers = reader.integer("workers", required: false, in: 0...256) ?? 0
        let maxAttempts = reader.integer("max_attempts", required: false, in: 1...100)
        let retryBase = reader.number("retry_base_s", required: false, in: 0...3600)
        let lease = reader.number("lease_s", required: false, in: 1...86_400)
        let settle = reader.number("intake_settle_s", required: false, in: 0...3600)
        let intakeInterval = reader.number("intake_interval_s", required: false, in: 0.1...3600)
        let keep = reader.number("keep_finished_days", required: false, in: 0...3650)
        let retention = RetentionPolicy.read(&reader, legacyDays: keep)
        let night = NightClock.read(&reader, issues: issues)
        let notify = NotifySettings.read(&reader, issues: issues, folder: folder)
        let memory = reader.integer("job_memory_mb", required: false, in: 0...1_000_000)
        let threads = reader.integer("threads", required: false, in: 0...256)
        let consoleTokens = reader.string("console_tokens", required: false).map { Self.path($0, in: folder) }
        let importMB = reader.integer("import_max_mb", required: false, in: 1...1_000_000)
        let importFiles = reader.integer("import_max_files", required: false, in: 1...10_000_000)
        reader.rejectUnknownKeys()
        try issues.check()
        guard let exportsRoot, let inbox, let queue, let jobs, let reports else { throw InputError(issues.issues) }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var config = FolioConfig(folder: folder, exportsRoot: exportsRoot, inbox: inbox, queue: queue, jobs: jobs,
                                 reports: reports, workers: workers == 0 ? max(1, cores) : workers)
        if let maxAttempts { config.maxAttempts = maxAttempts }
        if let retryBase { config.retryBaseSeconds = retryBase }
        if let lease { config.leaseSeconds = lease }
        if let settle { config.intakeSettleSeconds = settle }
        if let intakeInterval { config.intakeIntervalSeconds = intakeInterval }
        config.retention = retention
        config.night = night
        config.notify = notify
        if let memory { config.jobMemoryMB = memory }
        if let threads { config.threads = threads }
        config.consoleTokens = consoleTokens
        if let importMB { config.importMaxBytes = Int64(importMB) * 1_048_576 }
        if let importFiles { config.importMaxFiles = importFiles }
        return config
    }

    /// Opens the configured queue. `outageBudget` is how long a call waits for a lost
    /// PostgreSQL server (reconnecting with backoff) before it fails.
    public func openQueue(environment given: QueueEnvironment = QueueEnvironment(), outageBudget: Double = 600) throws -> QueueDriver {
        var environment = given
        environment.night = night
        switch queue {
        case .sqlite(let path):
            return try SQLiteQueue(path: path, environment: environment,
                                   retryPolicy: RetryPolicy(maxAttempts: maxAttempts, baseDelay: retryBaseSeconds))
        case .postgres(let url):
            return try PostgresQueue(url: url, password: ProcessInfo.processInfo.environment["FOLIO_PG_PASSWORD"], environment: environment,
                                     retryPolicy: RetryPolicy(maxAttempts: maxAttempts, baseDelay: retryBaseSeconds), outageBudget: outageBudget)
        }
    }

    /// A path of folio.json: absolute as written (`/var/lib/folio/jobs`), else relative to
    /// the folder that holds folio.json.
    static func path(_ text: String, in folder: URL) -> URL {
        (text.hasPrefix("/") ? URL(fileURLWithPath: text) : folder.appendingPathComponent(text)).standardizedFileURL
    }

    public func productFile(_ id: String) -> URL {
        folder.appendingPathComponent("products/\(id).json")
    }

    public func destinationFile(_ id: String) -> URL {
        folder.appendingPathComponent("destinations/\(id).json")
    }

    /// The ids of the files in `products/` or `destinations/`, for messages that list what exists.
    public func available(_ kind: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(kind).path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    public func product(_ id: String) throws(InputError) -> Product {
        try ProductLoader.load(productFile(id), id: id)
    }

    func productWithReview(_ id: String) throws(InputError) -> (product: Product, review: ReviewPolicy) {
        try ProductLoader.loadWithReview(productFile(id), id: id)
    }

    public func destination(_ id: String) throws(InputError) -> Destination {
        try Destination.load(destinationFile(id), id: id, configFolder: folder)
    }
}
