import Diagnostics
import Foundation
import FolioTestSupport
import Testing
@testable import Import
@testable import Jobs

@Suite struct JournalValidationTests {
    func load(_ journal: [String: Any]) throws -> (workspace: Workspace, result: Result<Journal, InputError>) {
        let workspace = try Workspace()
        let folder = try workspace.writeExport("anna", journal: journal)
        do {
            return (workspace, .success(try Journal.load(folder: folder, shownAs: "exports/anna")))
        } catch {
            return (workspace, .failure(error))
        }
    }

    func issues(_ journal: [String: Any]) throws -> [Diagnostic] {
        if case .failure(let error) = try load(journal).result { return error.issues }
        return []
    }

    @Test func entryErrorsNameFilePathAndEntry() throws {
        let found = try issues(Sample.journal([
            Sample.entry("e1", "2025-01-03T08:15:00+03:00"),
            Sample.entry("e2", "3 January 2025"),
            Sample.entry("e3", "2025-01-03T08:15:00+03:00", journal: "nope"),
        ]))
        let date = try #require(found.first { $0.entry == "e2" })
        #expect(date.file == "exports/anna/journal.json")
        #expect(date.path == "entries[1].created_at")
        #expect(date.description.contains("(entry e2)"))
        #expect(date.message.contains("expected an RFC 3339 timestamp with offset"))
        #expect(found.contains { $0.entry == "e3" && $0.code == "unknown-reference" && $0.path == "entries[2].journal" })
    }

    @Test func duplicateEntryIDsAreRefused() throws {
        let found = try issues(Sample.journal([Sample.entry("e1", "2025-01-03T08:15:00Z"),
                                               Sample.entry("e1", "2025-01-04T08:15:00Z")]))
        #expect(found.map(\.code) == ["duplicate-id"])
    }

    @Test func photoPathsThatLeaveTheExportAreRefused() throws {
        for path in ["../secret.jpg", "photos/../../x.jpg", "/etc/passwd", "~/x.jpg"] {
            let found = try issues(Sample.journal([Sample.entry("e1", "2025-01-03T08:15:00Z", photos: [["file": path]])]))
            #expect(found.count == 1, "\(path)")
            #expect(found.first?.code == "path-escape")
            #expect(found.first?.path == "entries[0].photos[0].file")
            #expect(found.first?.entry == "e1")
        }
    }

    @Test func aSymlinkPointingOutOfTheExportIsRefused() throws {
        let workspace = try Workspace()
        let folder = try workspace.writeExport("anna", journal: Sample.journal([
            Sample.entry("e1", "2025-01-03T08:15:00Z", photos: [["file": "photos/link.jpg"]]),
            Sample.entry("e2", "2025-01-04T08:15:00Z", photos: [["file": "inside/p.jpg"]]),
        ]))
        try Data("outside".utf8).write(to: workspace.root.appendingPathComponent("outside.jpg"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("photos/link.jpg").path,
                                                   withDestinationPath: workspace.root.appendingPathComponent("outside.jpg").path)
        // A linked folder that leads outside counts too, even for a file that does not exist.
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("inside").path,
                                                   withDestinationPath: workspace.root.path)
        do {
            _ = try Journal.load(folder: folder, shownAs: "anna")
            Issue.record("the symlinks were accepted")
        } catch {
            #expect(error.issues.map(\.entry) == ["e1", "e2"])
            #expect(error.issues.allSatisfy { $0.code == "path-escape" && $0.message.contains("symbolic link") })
        }
    }

    @Test func aPhotoInsideTheExportIsAccepted() throws {
        let (_, result) = try load(Sample.journal([
            Sample.entry("e1", "2025-01-03T08:15:00Z", photos: [["file": "photos/a.jpg", "caption": "Lake"]]),
        ]))
        let journal = try result.get()
        #expect(journal.entries[0].photos.first?.caption == "Lake")
        #expect(journal.entries[0].photos.first?.file.path.hasSuffix("anna/photos/a.jpg") == true)
    }
}
