import Import
import Foundation
import Prepress
import Render
import Upload

/// `folio doctor`: a configuration checked end to end before a night depends on it — every
/// folder there and writable, every product and destination readable with its profile and
/// fonts, the queue reachable and migrated, each HTTP destination answering, every secret an
/// environment variable is to hold set. Each problem says what is wrong and how to fix it.
public struct Doctor {
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public var subject: String
        public var problem: String
        public var fix: String

        public var description: String { "\(subject): \(problem)\n    fix: \(fix)" }
    }

    public var configFile: URL
    public var environment: [String: String]

    public init(configFile: URL, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.configFile = configFile
        self.environment = environment
    }

    /// What was checked (a line each), and the problems found.
    public func examine() -> (checked: [String], problems: [Problem]) {
        var checked: [String] = []
        var problems: [Problem] = []
        let config: FolioConfig
        do {
            config = try FolioConfig.load(configFile)
        } catch {
            return ([], error.issues.map { Problem(subject: configFile.path, problem: $0.description, fix: "correct folio.json (docs/reference.md: Configuration)") })
        }
        checked.append("configuration \(configFile.path)")
        problems += folder(config.exportsRoot, "exports_root", writable: false)
        for (url, key) in [(config.inbox, "inbox"), (config.jobs, "jobs"), (config.reports, "reports")] {
            problems += folder(url, key, writable: true)
        }
        checked.append("folders: exports_root, inbox, jobs, reports")
        for place in DiskSpace.places(config) {
            guard let free = DiskSpace.free(at: place.path) else { continue }
            let megabytes = free / 1_048_576, minimum = config.retention.minimumFreeBytes / 1_048_576
            if free < config.retention.minimumFreeBytes {
                problems.append(Problem(subject: "disk", problem: "\(place.name) (\(place.path.path)) has \(megabytes) MB free, below "
                                        + "retention.min_free_mb \(minimum): intake is paused",
                                        fix: "free space (folio prune --dry-run shows what retention would remove)"))
            } else {
                checked.append("disk: \(place.name) has \(megabytes) MB free (intake pauses below \(minimum) MB)")
            }
        }
        do {
            let queue = try config.openQueue(outageBudget: 2)
            _ = try queue.hasPendingWork()
            checked.append("queue")
        } catch {
            problems.append(Problem(subject: "queue", problem: "\(error)",
                                    fix: "check folio.json's queue (an SQLite file in a writable folder, or a PostgreSQL server that answers)"))
        }
        for id in config.available("products") {
            do {
                let product = try config.product(id)
                for family in Typography(product: product).missingFamilies {
                    problems.append(Problem(subject: "product \(id)", problem: "no installed font has the family \"\(family)\"",
                                            fix: "install its Debian package (scripts/install-deps.sh lists them) or name another in typefaces"))
                }
                checked.append("product \(id)")
            } catch {
                problems += error.issues.map { Problem(subject: "product \(id)", problem: $0.description, fix: "correct \($0.file ?? "it")") }
            }
        }
        for id in config.available("destinations") {
            do {
                problems += destination(try config.destination(id))
                checked.append("destination \(id)")
            } catch {
                problems += error.issues.map { Problem(subject: "destination \(id)", problem: $0.description, fix: "correct \($0.file ?? "it")") }
            }
        }
        do {
            let tokens = try ConsoleTokens.load(config: config, environment: environment)
            checked.append(tokens.isEmpty ? "console: no token (folio serve starts only with --no-auth on loopback)" : "console tokens")
        } catch {
            problems += error.issues.map { Problem(subject: "console tokens", problem: $0.description, fix: "run folio token, or set FOLIO_CONSOLE_TOKEN") }
        }
        return (checked, problems)
    }

    private func folder(_ url: URL, _ key: String, writable: Bool) -> [Problem] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
            return [Problem(subject: key, problem: "\(url.path) is not a folder", fix: "mkdir -p \(url.path), owned by the user Folio runs as")]
        }
        if writable, access(url.path, W_OK | X_OK) != 0 {
            return [Problem(subject: key, problem: "\(url.path) is not writable by this user", fix: "chown or chmod it for the user Folio runs as")]
        }
        if !writable, access(url.path, R_OK | X_OK) != 0 {
            return [Problem(subject: key, problem: "\(url.path) cannot be read by this user", fix: "chmod it so Folio can read the exports")]
        }
        return []
    }

    private func destination(_ destination: Destination) -> [Problem] {
        let subject = "destination \(destination.id)"
        var problems: [Problem] = []
        switch destination.auth {
        case .none: break
        case .bearer(let variable):
            if (environment[variable] ?? "").isEmpty {
                problems.append(Problem(subject: subject, problem: "the token variable \(variable) is not set", fix: "set \(variable) in Folio's environment"))
            }
        case .basic(let user, let password):
            for variable in [user, password] where (environment[variable] ?? "").isEmpty {
                problems.append(Problem(subject: subject, problem: "\(variable) is not set", fix: "set \(variable) in Folio's environment"))
            }
        }
        let url = destination.url.replacingOccurrences(of: "{order}", with: "folio-doctor").replacingOccurrences(of: "{file}", with: "probe")
            .replacingOccurrences(of: "{kind}", with: "probe").replacingOccurrences(of: "{sha256}", with: String(repeating: "0", count: 64))
        if destination.transport == .local {
            // The nearest folder that exists on the way to the file must take new files.
            var folder = URL(fileURLWithPath: String(url.dropFirst(5)), relativeTo: destination.configFolder).standardizedFileURL
                .deletingLastPathComponent()
            while !FileManager.default.fileExists(atPath: folder.path), folder.path != "/" { folder.deleteLastPathComponent() }
            if access(folder.path, W_OK | X_OK) != 0 {
                problems.append(Problem(subject: subject, problem: "\(folder.path) is not writable by this user",
                                        fix: "create or chmod the folder \(destination.url) writes to"))
            }
        } else if let problem = ReachabilityProbe.problem(url: url, caFile: destination.caFile) {
            problems.append(Problem(subject: subject, problem: "\(url) does not answer: \(problem)",
                                    fix: "check the URL, the network and the printer's server (a HEAD request got no answer)"))
        }
        return problems
    }
}
