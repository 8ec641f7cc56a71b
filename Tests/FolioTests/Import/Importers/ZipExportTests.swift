import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// Zipped exports: Day One's two-journal zip prints the journal the order's scope names; a zip
/// that climbs out with `../`, holds a link, or unpacks past the limit is refused with its
/// reason, and the night goes on.
@Suite(.serialized) struct ZipExportTests {
    /// Writes a zip with Python's zipfile (an implementation independent of libarchive).
    /// `entries`: name → text; `links`: name → target (stored as symbolic links).
    func zip(_ file: URL, entries: [String: String], links: [String: String] = [:], zeros: (name: String, megabytes: Int)? = nil) throws {
        let script = """
            import json, sys, zipfile
            target, entries, links, zeros = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3]), json.loads(sys.argv[4])
            with zipfile.ZipFile(target, 'w', zipfile.ZIP_DEFLATED) as archive:
                for name, text in entries.items():
                    archive.writestr(name, text)
                for name, pointee in links.items():
                    info = zipfile.ZipInfo(name)
                    info.create_system = 3
                    info.external_attr = 0o120777 << 16
                    archive.writestr(info, pointee)
                if zeros:
                    archive.writestr(zeros[0], b'\\0' * (zeros[1] * 1048576))
            """
        let json = { (value: Any) in String(decoding: try JSONSerialization.data(withJSONObject: value), as: UTF8.self) }
        let run = try Tool.run("python3", ["-c", script, file.path, try json(entries), try json(links),
                                           try zeros.map { try json([$0.name, $0.megabytes] as [Any]) } ?? "null"])
        #expect(run.status == 0, "\(run.errors)")
    }

    static func dayOne(_ entries: [(String, String, String)]) -> String {
        let items = entries.map { uuid, date, text in
            ["uuid": uuid, "creationDate": date, "timeZone": "Europe/Paris", "text": text, "photos": [], "starred": false] as [String: Any]
        }
        let data = (try? JSONSerialization.data(withJSONObject: ["metadata": ["version": "1.2"], "entries": items])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func aDayOneZipWithTwoJournalsPrintsTheOneInScope() throws {
        let workspace = try Workspace()
        try zip(workspace.exports.appendingPathComponent("anna.zip"), entries: [
            "Travel.json": Self.dayOne([("A1", "2025-05-01T08:00:00Z", "Lisbon at dawn."), ("A2", "2025-05-02T21:30:00Z", "Porto by night.")]),
            "Work.json": Self.dayOne([("B1", "2025-05-03T09:00:00Z", "A long meeting.")]),
        ])
        var order = Sample.order(id: "travel", export: "unused", scope: ["journal": "Travel"], outputs: ["interior", "epub"])
        order["export"] = ["path": "anna.zip", "format": "dayone"]
        let (report, folder) = try workspace.render(order, name: "travel")
        #expect(report.status == .done, "\(String(describing: report.error))")
        #expect(report.entries.included == 2)
        let text = try Tool.run("pdftotext", [folder.appendingPathComponent("interior.pdf").path, "-"]).output
        #expect(text.contains("Lisbon at dawn.") && text.contains("Porto by night.") && !text.contains("A long meeting."))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".export-\(getpid())").path),
                "the unpacked export is removed with the job")
        // Detected from the unpacked contents, without a format.
        order["export"] = "anna.zip"
        #expect(try workspace.render(order, name: "detected").report.preflight.contains { $0.message.contains("Day One JSON (detected)") })
    }

    /// `![](dayone-moment://ID)` places that photo where it stands: between the paragraphs
    /// around it, in the PDF (poppler's positions) and in the EPUB (document order).
    @Test func aDayOnePhotoStandsWhereItsPlaceholderIs() throws {
        let workspace = try Workspace()
        let photo = try Data(contentsOf: corpusRoot.appendingPathComponent("photos/color/prism_pizza-progressive.jpg"))
        let md5 = "0123456789abcdef0123456789abcdef"
        let entry: [String: Any] = ["uuid": "P1", "creationDate": "2025-07-01T10:00:00Z", "timeZone": "UTC", "starred": false,
                                    "text": "Before the photo, the oven.\n\n![](dayone-moment://PH1)\n\nAfter the photo, the table.",
                                    "photos": [["identifier": "PH1", "md5": md5, "type": "jpeg"]]]
        let export = workspace.exports.appendingPathComponent("placed")
        try FileManager.default.createDirectory(at: export.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try photo.write(to: export.appendingPathComponent("photos/\(md5).jpeg"))
        try JSONSerialization.data(withJSONObject: ["metadata": ["version": "1.2"], "entries": [entry]])
            .write(to: export.appendingPathComponent("Kitchen.json"))
        var order = Sample.order(id: "placed", export: "placed", outputs: ["interior", "epub"])
        order["export"] = "placed"
        let (report, folder) = try workspace.render(order, name: "placed")
        #expect(report.status == .done, "\(String(describing: report.error))")
        let document = try Tool.run("pdftohtml", ["-xml", "-stdout", "-q", folder.appendingPathComponent("interior.pdf").path]).output
        let pages = document.components(separatedBy: "<page ")
        /// (page, top) of the first element on the entry's pages that holds `marker`.
        func place(_ marker: String, from first: Int = 0) -> [Double]? {
            for (number, page) in pages.enumerated().dropFirst(first) {
                guard let range = page.range(of: marker) else { continue }
                let line = (page[..<range.lowerBound].components(separatedBy: "\n").last ?? "")
                    + (page[range.lowerBound...].components(separatedBy: "\n").first ?? "")
                guard let top = line.components(separatedBy: "top=\"").dropFirst().first.flatMap({ Double($0.prefix { $0 != "\"" }) }) else { continue }
                return [Double(number), top]
            }
            return nil
        }
        let before = try #require(place("Before the photo"))
        let image = try #require(place("<image", from: Int(before[0])))
        let after = try #require(place("After the photo"))
        #expect(before.lexicographicallyPrecedes(image) && image.lexicographicallyPrecedes(after),
                "text at \(before) and \(after) (page, top), the photo at \(image)")
        let chapters = try ZipReading.names(folder.appendingPathComponent("book.epub")).filter { $0.hasSuffix(".xhtml") && $0.contains("chapter") }
        let markup = try chapters.map { try ZipReading.text(folder.appendingPathComponent("book.epub"), $0) }.joined()
        let order2 = ["Before the photo", "<figure", "After the photo"].compactMap { markup.range(of: $0)?.lowerBound }
        #expect(order2.count == 3 && order2 == order2.sorted(), "the EPUB keeps the photo between the paragraphs")
    }

    @Test func hostileZipsAreRefusedAndTheNightGoesOn() throws {
        let workspace = try Workspace.batch(#", "import_max_mb": 5, "max_attempts": 1"#)
        let exports = workspace.exports
        let good = Self.dayOne([("G1", "2025-06-01T10:00:00Z", "A good day.")])
        try zip(exports.appendingPathComponent("climb.zip"), entries: ["Journal.json": good, "../../escaped.txt": "out"])
        try zip(exports.appendingPathComponent("link.zip"), entries: ["Journal.json": good], links: ["photos/secret.jpg": "/etc/passwd"])
        try zip(exports.appendingPathComponent("bomb.zip"), entries: ["Journal.json": good], zeros: ("photos/zeros.jpg", 64))
        try zip(exports.appendingPathComponent("fine.zip"), entries: ["Journal.json": good])
        let inbox = workspace.root.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        for name in ["climb", "link", "bomb", "fine"] {
            var order = Sample.order(id: "zip-\(name)", export: "unused")
            order["export"] = "\(name).zip"
            try JSONSerialization.data(withJSONObject: order).write(to: inbox.appendingPathComponent("zip-\(name).json"))
        }
        _ = try workspace.run()
        #expect(try workspace.states() == ["zip-climb": "failed", "zip-link": "failed", "zip-bomb": "failed", "zip-fine": "done"])
        let reasons = ["zip-climb": "outside the export", "zip-link": "a link", "zip-bomb": "zip bomb"]
        for (id, reason) in reasons {
            let report = try workspace.report(id)
            #expect(report.status == .rejected && report.error?.code == "unsafe-archive" && report.error?.details.contains { $0.contains(reason) } == true,
                    "\(id): \(String(describing: report.error))")
        }
        #expect(!FileManager.default.fileExists(atPath: workspace.root.appendingPathComponent("escaped.txt").path))
        #expect(!FileManager.default.fileExists(atPath: workspace.exports.appendingPathComponent("escaped.txt").path))
    }
}
