import Foundation
import FolioTestSupport
import Testing
@testable import Import
@testable import Jobs

@Suite struct ConfigTests {
    @Test func theShippedConfigurationLoads() throws {
        let config = try FolioConfig.load(repositoryRoot.appendingPathComponent("config/folio.json"))
        #expect(config.exportsRoot.path.hasSuffix("/var/exports"))
        #expect(config.queue == .sqlite(repositoryRoot.appendingPathComponent("var/folio.db").standardizedFileURL))
        let product = try config.product("a5-softcover")
        #expect(abs(product.geometry.trimWidth - 419.53) < 0.01)
        #expect(abs(product.geometry.trimHeight - 595.28) < 0.01)
        #expect(abs(product.geometry.bleed - 8.50) < 0.01)
        let local = try config.destination("local")
        #expect(local.url.hasPrefix("file:"))
    }

    /// A config in /etc/folio points at /var/lib/folio: absolute paths are taken as written,
    /// relative ones from the config's folder.
    /// On a server an operator types no path: with no `./config`, the package's
    /// `/etc/folio/folio.json` is the configuration; `$FOLIO_CONFIG` and a local one come first.
    @Test func theDefaultConfigurationIsTheLocalOneElseThePackagesOne() {
        let local = "config/folio.json", installed = "/etc/folio/folio.json"
        func location(_ environment: [String: String], _ present: Set<String>) -> String {
            FolioConfig.defaultLocation(environment: environment, exists: present.contains).path
        }
        #expect(location(["FOLIO_CONFIG": "/srv/folio.json"], [local, installed]) == "/srv/folio.json")
        #expect(location([:], [local, installed]).hasSuffix("/" + local))
        #expect(location([:], [installed]) == installed)
        #expect(location([:], []).hasSuffix("/" + local))
    }

    @Test func absolutePathsAreAbsolute() throws {
        let workspace = try Workspace()
        let state = workspace.root.appendingPathComponent("state").path
        try Data("""
            {"exports_root": "\(state)/exports", "inbox": "\(state)/inbox", "queue": "sqlite:\(state)/folio.db",
             "jobs": "\(state)/jobs", "reports": "reports", "console_tokens": "\(state)/tokens", "workers": 1}
            """.utf8).write(to: workspace.configFile)
        let config = try workspace.config
        #expect(config.exportsRoot.path == state + "/exports" && config.jobs.path == state + "/jobs")
        #expect(config.queue == .sqlite(URL(fileURLWithPath: state + "/folio.db")))
        #expect(config.consoleTokens?.path == state + "/tokens")
        #expect(config.reports.path == workspace.root.appendingPathComponent("config/reports").path)
    }

    /// `threads: 0` shares the cores among the runner's workers; a number is taken as it is.
    @Test func threadsNeverOversubscribeByDefault() throws {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let shared = try Workspace().config
        #expect(shared.threads == 0)
        #expect(shared.threadsPerJob(workers: 1) == cores)
        #expect((1...4).allSatisfy { workers in shared.threadsPerJob(workers: workers) * workers <= max(cores, workers) })
        let fixed = try Workspace(settings: #", "threads": 3"#).config
        #expect(fixed.threadsPerJob(workers: 2) == 3)
        let workspace = try Workspace(settings: #", "threads": -1"#)
        #expect(throws: InputError.self) { try workspace.config }
    }

    @Test func unknownAndMissingKeysNameFileAndKey() throws {
        let workspace = try Workspace()
        try Data(#"{"exports_root": "x", "inbox": "x", "queue": "sqlite:x", "jobs": "x", "colour": "red"}"#.utf8)
            .write(to: workspace.configFile)
        do {
            _ = try FolioConfig.load(workspace.configFile)
            Issue.record("accepted a bad config")
        } catch {
            #expect(error.issues.contains { $0.code == "unknown-key" && $0.path == "colour" && $0.file == workspace.configFile.path })
            #expect(error.issues.contains { $0.code == "missing-key" && $0.path == "reports" })
        }
    }

    /// `retention`, `night` and `notify`: read whole, and each wrong value named by its key.
    @Test func retentionNightAndNotifyAreChecked() throws {
        let workspace = try Workspace(settings: """
            , "keep_finished_days": 9, "retention": {"done_days": 7, "reports_days": 120, "min_free_mb": 0},
            "night": {"cut_hour": 7, "time_zone": "Europe/Berlin"},
            "notify": {"webhook": "https://hooks.example.com/folio", "mail_to": ["ops@example.com"], "sendmail": "bin/sendmail", "nights": false}
            """)
        let config = try workspace.config
        #expect(config.retention.doneDays == 7 && config.retention.cancelledDays == 9 && config.retention.failedDays == 9)
        #expect(config.retention.reportsDays == 120 && config.retention.minimumFreeBytes == 0)
        #expect(config.night == NightClock(cutHour: 7, timeZone: try #require(TimeZone(identifier: "Europe/Berlin"))))
        #expect(config.notify.webhook == "https://hooks.example.com/folio" && config.notify.mailTo == ["ops@example.com"])
        #expect(config.notify.sendmail == workspace.root.appendingPathComponent("config/bin/sendmail").path)
        #expect(!config.notify.nights && config.notify.failures)

        try Data("""
            {"exports_root": "x", "inbox": "x", "queue": "sqlite:x", "jobs": "x", "reports": "x",
             "retention": {"done_days": -1, "weeks": 2}, "night": {"cut_hour": 24, "time_zone": "Mars/Olympus"},
             "notify": {"webhook": "ftp://x", "mail_to": ["ops@example.com\\nBcc: all@example.com", "two@x.org, three@x.org"]}}
            """.utf8).write(to: workspace.configFile)
        do {
            _ = try FolioConfig.load(workspace.configFile)
            Issue.record("accepted a bad config")
        } catch {
            let paths = Set(error.issues.map(\.path))
            for path in ["retention.done_days", "retention.weeks", "night.cut_hour", "night.time_zone", "notify.webhook",
                         "notify.mail_to[0]", "notify.mail_to[1]"] {
                #expect(paths.contains(path), "\(path) not named: \(error.issues)")
            }
        }
    }

    @Test func productKeysAreChecked() throws {
        let workspace = try Workspace()
        let file = workspace.root.appendingPathComponent("config/products/bad.json")
        try Data(#"{"name": "Bad", "trim_mm": {"width": 148, "height": 210, "depth": 3}, "bleed_mm": 3, "safety_mm": 5, "binding": "saddle-stitch", "paper_caliper_mm": 0.1, "pages": {"min": 8, "max": 64, "multiple": 2}, "output_profile": "sRGB"}"#.utf8).write(to: file)
        do {
            _ = try workspace.config.product("bad")
            Issue.record("accepted a bad product")
        } catch let error as InputError {
            let paths = Set(error.issues.map(\.path))
            #expect(paths == ["trim_mm.depth", "min_image_ppi", "pages.multiple"])
            #expect(error.issues.allSatisfy { $0.file == file.path })
        }
    }

    @Test func aProductsOutputProfileMustBeReadable() throws {
        let workspace = try Workspace()
        let cmyk = try workspace.config.product("a5-softcover-fogra39")
        #expect(cmyk.printsCMYK && cmyk.outputColour.name == "FOGRA39")
        #expect(try !workspace.config.product("a5-softcover").printsCMYK)
        let file = workspace.root.appendingPathComponent("config/products/lost.json")
        let text = try String(contentsOf: workspace.root.appendingPathComponent("config/products/a5-softcover-fogra39.json"), encoding: .utf8)
        try Data(text.replacingOccurrences(of: "icc/FOGRA39.icc", with: "icc/FOGRA51.icc").utf8).write(to: file)
        do {
            _ = try workspace.config.product("lost")
            Issue.record("accepted a product whose profile does not exist")
        } catch let error as InputError {
            #expect(error.issues.map(\.path) == ["output_profile"])
            #expect(error.issues.first?.message.contains("FOGRA51.icc") == true)
        }
    }

    @Test func destinationPlaceholdersAndCredentialsAreChecked() throws {
        let workspace = try Workspace()
        let file = workspace.root.appendingPathComponent("config/destinations/bad.json")
        try Data(#"{"url": "ftp://x/{order}/{name}", "method": "GET", "auth": {"token": "secret"}}"#.utf8).write(to: file)
        do {
            _ = try workspace.config.destination("bad")
            Issue.record("accepted a bad destination")
        } catch let error as InputError {
            #expect(error.issues.filter { $0.path == "url" }.count == 2)
            #expect(error.issues.contains { $0.path == "method" })
            #expect(error.issues.contains { $0.path == "auth.token" && $0.code == "unknown-key" })
        }
    }

    /// How files travel is decided once, from the URL and `protocol`, into a typed transport.
    @Test func aDestinationsTransportIsReadOnce() throws {
        let workspace = try Workspace()
        let folder = workspace.root.appendingPathComponent("config/destinations")
        for (name, json, transport) in [("copy", #"{"url": "file:out/{order}/{file}", "method": "PUT"}"#, Destination.Transport.local),
                                        ("put", #"{"url": "https://printer.example/{order}/{file}", "method": "PUT"}"#, .http),
                                        ("resumable", #"{"url": "https://printer.example/files/", "method": "POST", "protocol": "tus"}"#, .tus)] {
            try Data(json.utf8).write(to: folder.appendingPathComponent("\(name).json"))
            #expect(try workspace.config.destination(name).transport == transport, "\(name)")
        }
        try Data(#"{"url": "file:out/{file}", "method": "PUT", "protocol": "tus"}"#.utf8).write(to: folder.appendingPathComponent("odd.json"))
        #expect(throws: InputError.self) { try workspace.config.destination("odd") }
    }
}
