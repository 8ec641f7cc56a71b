import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// The Debian package `make deb` builds (make test builds it before the tests): lintian finds
/// no error, it holds what a server needs, and its binary, unpacked into a folder of its own and
/// run with no toolchain on its PATH and no `.build/`, makes and delivers a night's book.
@Suite(.serialized) struct PackageTests {
    func package() throws -> URL { try Self.newestPackage() }

    /// The package `make deb` built last.
    static func newestPackage() throws -> URL {
        let folder = repositoryRoot.appendingPathComponent(".build/deb")
        let debs = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("folio_") && $0.hasSuffix("_amd64.deb") }
        let newest = try #require(debs.max { a, b in
            ((try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(a).path)[.modificationDate] as? Date) ?? .distantPast)
                < ((try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(b).path)[.modificationDate] as? Date) ?? .distantPast)
        }, "no package in .build/deb: run make deb")
        return folder.appendingPathComponent(newest)
    }

    @Test func lintianAndContents() throws {
        let deb = try package()
        let lintian = try Tool.run("lintian", [deb.path])
        let errors = (lintian.output + lintian.errors).split(separator: "\n").filter { $0.hasPrefix("E:") }
        #expect(errors.isEmpty, "\(errors)")
        let contents = try Tool.run("dpkg-deb", ["--contents", deb.path]).output
        for path in ["./usr/bin/folio", "./etc/folio/folio.json", "./etc/folio/products/a5-softcover-fogra39.json", "./etc/folio/icc/FOGRA39.icc", "./usr/share/folio/Dictionaries/hyph_ru_RU.dic",
                     "./usr/share/folio/SQL/sqlite/claim.sql", "./usr/share/folio/SQL/postgres/claim.sql",
                     "./usr/share/folio/ConsoleAssets/console.css", "./usr/share/folio/ConsoleAssets/console.js",
                     "./usr/share/folio/ConsoleAssets/favicon.svg", "./usr/share/folio/ReportAssets/report.css",
                     "./lib/systemd/system/folio-runner.service", "./lib/systemd/system/folio-console.service", "./usr/share/doc/folio/copyright",
                     "./usr/share/doc/folio/docs/guide.md"] {
            #expect(contents.contains(path), "\(path) is not in the package")
        }
        let control = try Tool.run("dpkg-deb", ["--field", deb.path, "Depends"]).output
        #expect(control.contains("libqpdf29") && control.contains("fonts-inter") && !control.contains("swift"), "\(control)")
        // Books in other scripts and languages: the CJK fonts and every hyphenation dictionary
        // the tests install, recommended.
        let recommends = try Tool.run("dpkg-deb", ["--field", deb.path, "Recommends"]).output
        #expect(recommends.contains("fonts-noto-cjk") && recommends.contains("fonts-noto-color-emoji") && recommends.contains("hyphen-de") && recommends.contains("hyphen-zu"), "\(recommends)")
        let conffiles = try Tool.run("dpkg-deb", ["--info", deb.path, "conffiles"]).output
        #expect(conffiles.contains("/etc/folio/folio.json") && conffiles.contains("/etc/folio/destinations/local.json"), "\(conffiles)")
    }

    @Test func theUnpackedBinaryMakesANightsBook() throws {
        let deb = try package()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-package-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        #expect(try Tool.run("dpkg-deb", ["-x", deb.path, root.path]).status == 0)
        let binary = root.appendingPathComponent("usr/bin/folio").path
        // The packaged config, its state moved under this root.
        let state = root.appendingPathComponent("var/lib/folio")
        let config = root.appendingPathComponent("etc/folio")
        for folder in ["exports", "inbox", "jobs", "reports", "outbox"] {
            try FileManager.default.createDirectory(at: state.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for file in ["folio.json", "destinations/local.json"] {
            let url = config.appendingPathComponent(file)
            try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "/var/lib/folio", with: state.path)
                .write(to: url, atomically: true, encoding: .utf8)
        }
        let export = state.appendingPathComponent("exports/anna")
        try FileManager.default.createDirectory(at: export, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: Sample.journal([
            Sample.entry("e1", "2025-03-03T10:00:00Z", text: "Утром шёл дождь, и мы долго разговаривали о старых письмах и путешествиях."),
            Sample.entry("e2", "2025-03-04T10:00:00Z", text: "A bright day by the sea."),
        ])).write(to: export.appendingPathComponent("journal.json"))
        let order = Sample.order(id: "packaged", export: "anna", language: "ru", outputs: ["interior", "cover", "epub"],
                                 extra: ["product": "a5-softcover-fogra39"])
        try JSONSerialization.data(withJSONObject: order).write(to: state.appendingPathComponent("inbox/packaged.json"))
        // No toolchain: only the system's own folders on the PATH, run from elsewhere.
        let environment = ["PATH": "/usr/bin:/bin", "HOME": root.path, "FOLIO_CONFIG": config.appendingPathComponent("folio.json").path]
        let doctor = try Tool.run(binary, ["doctor"], environment: environment, directory: root)
        #expect(doctor.status == 0, "\(doctor.output)\(doctor.errors)")
        // It says which Folio it is: the package's own version.
        let version = try Tool.run("dpkg-deb", ["--field", deb.path, "Version"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let said = try Tool.run(binary, ["--version"], environment: environment, directory: root)
        #expect(said.status == 0 && said.output == "folio \(version)\n" && !version.isEmpty, "\(said.output)\(said.errors)")
        let enqueue = try Tool.run(binary, ["enqueue", state.appendingPathComponent("inbox/packaged.json").path], environment: environment, directory: root)
        #expect(enqueue.status == 0, "\(enqueue.output)\(enqueue.errors)")
        // Faults are injected by the tests' `folio-with-faults` only, never by `folio`: the book is made.
        let run = try Tool.run(binary, ["run"], environment: environment.merging(["FOLIO_TEST_FAULT": "packaged:segv"]) { $1 }, directory: root)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        let report = try JSONDecoder().decode(JobReport.self, from: Data(contentsOf: state.appendingPathComponent("jobs/packaged/report.json")))
        #expect(report.status == .done, "\(String(describing: report.error))")
        #expect(!report.preflight.contains { $0.code == "no-hyphenation-dictionary" }, "the packaged Russian dictionary was not found")
        let delivered = try FileManager.default.contentsOfDirectory(atPath: state.appendingPathComponent("outbox/packaged").path).sorted()
        #expect(delivered == ["book.epub", "cover.pdf", "interior.pdf"])

        // The packaged console, scraped as Prometheus would: its figures are the queue's.
        let server = try ConsoleServer(executable: binary, config: config.appendingPathComponent("folio.json"),
                                       environment: ["FOLIO_CONSOLE_TOKEN": ConsoleTokens.newToken()], base: environment)
        #expect(try Curl.request(server.base + "/healthz").status == 200)
        #expect(try Curl.request(server.base + "/readyz").status == 200)
        // Its assets are the package's, found beside the binary without the build's resources.
        let stylesheet = try String(contentsOf: repositoryRoot.appendingPathComponent("Sources/Console/ConsoleAssets/console.css"), encoding: .utf8)
        #expect(try Curl.request(server.base + "/static/console.css").body == stylesheet)
        let css = try String(contentsOf: repositoryRoot.appendingPathComponent("Sources/Jobs/Report/ReportAssets/report.css"), encoding: .utf8)
        #expect(try String(contentsOf: state.appendingPathComponent("jobs/packaged/report.html"), encoding: .utf8).contains("<style>\n\(css)</style>"))
        let scrape = try Scrape(exposition: try Curl.request(server.base + "/metrics").body)
        let queue = try FolioConfig.load(config.appendingPathComponent("folio.json")).openQueue()
        let job = try #require(try queue.listJobs(JobFilter(), limit: 10, offset: 0).first)
        #expect(job.state == .done && scrape.value("folio_jobs", ["state": "done"]) == 1)
        #expect(scrape.value("folio_pages_rendered_total") == Double(try #require(job.pages)))
        #expect(scrape.value("folio_delivery_requests_total", ["destination": "local", "class": "accepted"])
            == Double(try queue.requests("packaged").count))
        #expect(scrape.value("folio_job_duration_seconds_count") == 1 && scrape.value("folio_queue_depth") == 0)
        // The night's runner stopped cleanly and took its series along; the disk is watched.
        #expect(!scrape.samples.contains { $0.name == "folio_runner_heartbeats_total" })
        #expect(scrape.samples.contains { $0.name == "folio_disk_free_bytes" && $0.labels["place"] == "jobs" && $0.value > 0 })
    }
}
