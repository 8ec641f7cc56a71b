import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// The guide's "Install, step by step", typed word by word into a clean Debian 12 booted by its
/// own systemd (`DebianMachine`): install, a first night, a backup, an upgrade while books are
/// being made, removal and purge. Each command is the guide's own line, read from the guide.
@Suite(.serialized) struct PackageInstallTests {
    /// `line` as the guide's step-by-step section has it, alone on its line in a shell block
    /// or quoted in the text: the test types what the guide says, never its own variant.
    func step(_ line: String) throws -> String {
        let guide = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/guide.md"), encoding: .utf8)
        let start = try #require(guide.range(of: "**Install, step by step.**"))
        let end = try #require(guide.range(of: "`PackageInstallTests` follows", range: start.upperBound..<guide.endIndex))
        let section = guide[start.upperBound..<end.lowerBound]
        #expect(section.contains("\n\(line)\n") || section.contains("`\(line)`"), "the guide does not say: \(line)")
        return line
    }

    @Test func theGuideInstallsUpgradesAndRemovesThePackage() throws {
        let deb = try PackageTests.newestPackage()
        let version = try Tool.run("dpkg-deb", ["--field", deb.path, "Version"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let machine = try DebianMachine()
        defer { machine.stop() }
        let root = machine.root
        func inside(_ path: String) -> URL { root.appendingPathComponent(String(path.dropFirst())) }
        func shell(_ script: String, in folder: String = "/root") throws -> ToolRun {
            let run = try machine.shell(script, in: folder)
            #expect(run.status == 0, "\(script): \(run.output)\(run.errors)")
            return run
        }
        // The package alone in its folder, as an operator copies it to the server; the diary
        // app's account is already there.
        try FileManager.default.createDirectory(at: inside("/root/install"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: deb, to: inside("/root/install").appendingPathComponent(deb.lastPathComponent))
        _ = try shell("useradd --system --no-create-home diary-export")

        // Installed, with its libraries, fonts and dictionaries from Debian's mirror; nothing runs.
        _ = try shell(try step("sudo apt install ./folio_*_amd64.deb"), in: "/root/install")
        #expect(try shell(try step("folio --version")).output == "folio \(version)\n")
        #expect(try machine.shell("systemctl is-enabled folio-runner folio-console folio-night.timer").output == "disabled\ndisabled\ndisabled\n")
        #expect(try machine.shell("systemctl is-active folio-runner folio-console").output == "inactive\ninactive\n")
        #expect(try shell("stat -c '%U:%G %a %n' /var/lib/folio /var/lib/folio/inbox /var/lib/folio/exports /var/lib/folio/jobs").output
            == "folio:folio 755 /var/lib/folio\nfolio:folio-intake 2770 /var/lib/folio/inbox\nfolio:folio-intake 2770 /var/lib/folio/exports\nfolio:folio 750 /var/lib/folio/jobs\n")

        // Root's first command creates the queue, and the queue is still folio's.
        _ = try shell(try step("sudo folio status"))
        #expect(try shell("stat -c '%U:%G' /var/lib/folio/folio.db").output == "folio:folio\n")

        // The console's credential: the token alone, root's alone.
        _ = try shell(try step("sudo folio token --role operator --name night-operator --write /etc/folio/console-token"))
        #expect(try shell("stat -c '%U:%G %a' /etc/folio/console-token").output == "root:root 600\n")
        let token = try String(contentsOf: inside("/etc/folio/console-token"), encoding: .utf8).trimmingCharacters(in: .newlines)
        #expect(token.count == 64 && token.allSatisfy(\.isHexDigit), "\(token)")
        #expect(try shell(try step("sudo -u folio folio doctor")).output.contains("no problem found"))
        _ = try shell(try step("sudo systemctl enable --now folio-runner folio-console"))
        #expect(try machine.shell("systemctl is-active folio-runner folio-console").output == "active\nactive\n")

        // The export's account writes a journal and three orders; the runner makes the books.
        _ = try shell(try step("sudo adduser diary-export folio-intake"))
        try Self.stageOrders(in: inside("/srv/orders"), export: "anna", ids: ["book-1", "book-2", "book-3"], entries: 20)
        _ = try shell("sudo -u diary-export sh -c 'mkdir /var/lib/folio/exports/anna && cp /srv/orders/anna/journal.json /var/lib/folio/exports/anna/ && cp /srv/orders/book-*.json /var/lib/folio/inbox/'")
        let queue = try SQLiteQueue(path: inside("/var/lib/folio/folio.db"))
        try Self.waitUntilDone(queue, ["book-1", "book-2", "book-3"])
        let status = try shell(try step("sudo folio status")).output
        #expect(status.split(separator: "\n").filter { $0.contains(" done ") }.count == 3, "\(status)")

        // The console answers with the written token, and only with it.
        #expect(try Curl.request("http://127.0.0.1:8470/readyz").status == 200)
        #expect(try Curl.request("http://127.0.0.1:8470/api/night", headers: ["Authorization": "Bearer \(token)"]).status == 200)
        #expect(try Curl.request("http://127.0.0.1:8470/api/night", headers: ["Authorization": "Bearer \(String(token.reversed()))"]).status == 401)
        // A good night leaves nothing at warning or above; the runner said which Folio it is.
        let warnings = try shell(try step("journalctl -u folio-runner -p warning")).output
        #expect(!warnings.contains("event="), "\(warnings)")
        #expect(try shell("journalctl -u folio-runner").output.contains("event=runner-started runner="))

        // The backup, root's alone.
        let backup = try shell(try step("sudo folio backup /var/backups/folio-$(date +%F).db")).output
        #expect(backup.contains("3 jobs") && backup.contains("integrity ok"), "\(backup)")
        #expect(try shell("stat -c '%U:%G %a' /var/backups/folio-*.db").output == "root:root 600\n")

        // A newer package, installed while two long books are being made: the runner restarts,
        // the old one releasing its books to the new one, and every file arrives once.
        let newer = "\(version).1"
        let upgrade = inside("/root/upgrade")
        try FileManager.default.createDirectory(at: upgrade, withIntermediateDirectories: true)
        try Self.repackage(deb, as: newer, into: upgrade.appendingPathComponent("folio_\(newer)_amd64.deb"))
        let before = try shell("systemctl show -p MainPID --value folio-runner").output
        let long = ["long-1", "long-2", "long-3", "long-4"]
        try Self.stageOrders(in: inside("/srv/orders"), export: "long", ids: long, entries: 300)
        _ = try shell("sudo -u diary-export sh -c 'mkdir /var/lib/folio/exports/long && cp /srv/orders/long/journal.json /var/lib/folio/exports/long/ && cp /srv/orders/long-*.json /var/lib/folio/inbox/'")
        let deadline = Date().addingTimeInterval(60)
        while try queue.listJobs(JobFilter(), limit: 20, offset: 0).allSatisfy({ $0.state != .running }) && Date() < deadline { usleep(50_000) }
        _ = try shell(try step("sudo apt install ./folio_*_amd64.deb"), in: "/root/upgrade")
        #expect(try shell("folio --version").output == "folio \(newer)\n")
        #expect(try shell("systemctl show -p MainPID --value folio-runner").output != before)
        try Self.waitUntilDone(queue, long)
        let journal = try shell("journalctl -u folio-runner").output
        #expect(journal.contains("event=released"), "no book was being made at the upgrade")
        #expect(journal.contains("event=runner-started") && journal.contains("version=\(newer) "))
        for id in ["book-1", "book-2", "book-3"] + long {
            let accepted = try queue.requests(id).filter { $0.requestClass == "accepted" }.map(\.file)
            #expect(accepted.sorted() == ["book.epub", "cover.pdf", "interior.pdf"], "\(id): \(accepted)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: inside("/var/lib/folio/outbox/\(id)").path).sorted()
                == ["book.epub", "cover.pdf", "interior.pdf"])
        }

        // Removed: everything stops, the queue and the token stay. Purged: nothing stays.
        _ = try shell(try step("sudo apt remove folio"))
        #expect(try machine.shell("systemctl is-active folio-runner folio-console").output == "inactive\ninactive\n")
        #expect(try machine.shell("pgrep -x folio").status == 1)
        #expect(FileManager.default.fileExists(atPath: inside("/var/lib/folio/folio.db").path))
        #expect(FileManager.default.fileExists(atPath: inside("/etc/folio/console-token").path))
        _ = try shell(try step("sudo apt purge folio"))
        #expect(!FileManager.default.fileExists(atPath: inside("/var/lib/folio").path))
        #expect(!FileManager.default.fileExists(atPath: inside("/etc/folio").path))
        #expect(try machine.shell("systemctl list-unit-files 'folio*' --no-legend").output == "")
    }

    /// A journal of `entries` entries in `folder/export/journal.json` and an order for each id,
    /// for the packaged `local` destination.
    static func stageOrders(in folder: URL, export: String, ids: [String], entries count: Int) throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(export), withIntermediateDirectories: true)
        let text = "A bright day by the sea, and the long walk home along the cliffs. "
        let body = String(repeating: text, count: 30)
        var entries: [[String: Any]] = []
        for index in 0..<count {
            let month: Int = index % 12 + 1, day: Int = index % 28 + 1, minute: Int = index % 60
            entries.append(Sample.entry("e\(index)", String(format: "2025-%02d-%02dT10:%02d:00Z", month, day, minute), text: body))
        }
        try JSONSerialization.data(withJSONObject: Sample.journal(entries)).write(to: folder.appendingPathComponent("\(export)/journal.json"))
        for id in ids {
            let order = Sample.order(id: id, export: export, outputs: ["interior", "cover", "epub"])
            try JSONSerialization.data(withJSONObject: order).write(to: folder.appendingPathComponent("\(id).json"))
        }
    }

    /// `deb` as a newer version: the same files, its version and `folio --version`'s raised.
    static func repackage(_ deb: URL, as version: String, into file: URL) throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("folio-repack-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        #expect(try Tool.run("dpkg-deb", ["--raw-extract", deb.path, work.path]).status == 0)
        let control = work.appendingPathComponent("DEBIAN/control")
        let fields = try String(contentsOf: control, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("Version: ") ? "Version: \(version)" : String($0) }
        try fields.joined(separator: "\n").write(to: control, atomically: true, encoding: .utf8)
        try "\(version)\n".write(to: work.appendingPathComponent("usr/share/folio/VERSION"), atomically: true, encoding: .utf8)
        let built = try Tool.run("dpkg-deb", ["--root-owner-group", "--build", work.path, file.path])
        #expect(built.status == 0, "\(built.errors)")
    }

    static func waitUntilDone(_ queue: SQLiteQueue, _ ids: [String]) throws {
        let deadline = Date().addingTimeInterval(240)
        var states: [String] = []
        while Date() < deadline {
            states = try ids.map { try queue.job($0)?.state.rawValue ?? "absent" }
            if states.allSatisfy({ $0 == "done" }) { return }
            if states.contains(where: { $0 == "failed" || $0 == "held" }) { break }
            usleep(250_000)
        }
        Issue.record("not done: \(zip(ids, states).map { "\($0) \($1)" })")
    }
}
