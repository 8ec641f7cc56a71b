import Foundation
import FolioTestSupport
import Testing

/// One room per C library (issue 27): Cairo is imported only where its owners live (and by the
/// text engine, which lays out with Pango), qpdf only by `QPDFDocument`, Little CMS only by its
/// profile and transform owners, pixman only by the photo resampler's owners in Prepress. A new
/// `import` elsewhere fails here, naming the file.
@Suite struct CLibraryOwnersTests {
    struct Room {
        var module: String
        /// Paths under Sources/ (folders end with a slash) where the import belongs.
        var allowed: [String]
    }

    static let rooms = [
        Room(module: "CPangoCairo", allowed: ["Render/Draw/Cairo/", "Render/Text/"]),
        Room(module: "CQPDF", allowed: ["Prepress/PDF/QPDFDocument.swift", "Prepress/PDF/QPDFDocument+Writing.swift"]),
        Room(module: "CLCMS2", allowed: ["Prepress/Colour/LittleCMS/"]),
        Room(module: "CCrypto", allowed: ["Diagnostics/Integrity/"]),
        Room(module: "CSQLite", allowed: ["Jobs/Queue/SQLite/SQLiteDatabase.swift"]),
        Room(module: "CPQ", allowed: ["Jobs/Queue/Postgres/PGConnection.swift"]),
        Room(module: "CMHD", allowed: ["Console/Server/"]),
        Room(module: "CCurl", allowed: ["Upload/HTTP/"]),
        Room(module: "CArchive", allowed: ["Import/Importers/ZipExport.swift"]),
        Room(module: "CSystemd", allowed: ["Jobs/Runner/ServiceManager.swift"]),
        Room(module: "CJPEGShim", allowed: ["Prepress/Photo/"]),
        Room(module: "CZlib", allowed: ["Prepress/Container/", "Prepress/Verify/StreamIntegrity.swift"]),
        Room(module: "CCurlShim", allowed: ["Upload/HTTP/"]),
        Room(module: "CMHDShim", allowed: ["Console/Server/"]),
        Room(module: "CPNG", allowed: ["Prepress/Photo/"]),
        Room(module: "CPixman", allowed: ["Prepress/Photo/Pixman/"]),
        Room(module: "CHyphen", allowed: ["Render/Text/Hyphenator.swift"]),
        Room(module: "CCmarkGFM", allowed: ["Document/MarkdownParser.swift"]),
        Room(module: "CHeif", allowed: ["Prepress/Photo/HEIF/HEIFDecoder.swift"]),
        Room(module: "CWebP", allowed: ["Prepress/Photo/WebP/WebPDecoder.swift"]),
        Room(module: "CGIF", allowed: ["Prepress/Photo/GIF/GIFDecoder.swift"]),
        Room(module: "CTIFF", allowed: ["Prepress/Photo/TIFF/"]),
    ]

    /// Every Swift file under Sources/ that imports `module`, by its path under Sources/.
    static func importers(of module: String) throws -> [String] {
        let sources = repositoryRoot.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        let prefix = sources.standardizedFileURL.path + "/"
        return try files.filter { file in
            let text = try String(contentsOf: file, encoding: .utf8)
            return text.split(separator: "\n").contains { importedModule(String($0)) == module }
        }.map { String($0.standardizedFileURL.path.dropFirst(prefix.count)) }.sorted()
    }

    /// The module a line imports, attributes, access levels and kinds included
    /// (`@preconcurrency import X`, `internal import X`, `import struct X.Y`), or nil for any other line.
    static func importedModule(_ line: String) -> String? {
        var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let access: Set<String> = ["public", "package", "internal", "fileprivate", "private"]
        while let first = words.first, first.hasPrefix("@") || access.contains(first) { words.removeFirst() }
        guard words.first == "import", words.count >= 2 else { return nil }
        words.removeFirst()
        let kinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var"]
        if let kind = words.first, kinds.contains(kind), words.count >= 2 { words.removeFirst() }
        return words.first.map { String($0.prefix { $0 != "." }) }
    }

    static func isAllowed(_ path: String, in room: Room) -> Bool {
        room.allowed.contains { $0.hasSuffix("/") ? path.hasPrefix($0) : path == $0 }
    }

    @Test(arguments: rooms.map(\.module))
    func eachCLibraryIsImportedOnlyInItsRoom(module: String) throws {
        let room = try #require(Self.rooms.first { $0.module == module })
        let importers = try Self.importers(of: module)
        // The walk must see the owners themselves, or it is looking in the wrong place.
        #expect(!importers.isEmpty, "no file imports \(module): the walk found nothing under Sources/")
        for allowed in room.allowed where !allowed.hasSuffix("/") {
            #expect(importers.contains(allowed), "\(allowed), the owner of \(module), no longer imports it")
        }
        for path in importers where !Self.isAllowed(path, in: room) {
            Issue.record("Sources/\(path) imports \(module); only \(room.allowed.joined(separator: ", ")) may: go through the owner")
        }
    }

    /// A C library added to Package.swift gets a room here too (libjpeg has its shim's).
    @Test func everyCLibraryHasARoom() throws {
        let package = try String(contentsOf: repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declared = package.components(separatedBy: "systemLibrary(\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
        #expect(declared.count >= 20, "\(declared)")
        for module in declared where module != "CJPEG" {
            #expect(Self.rooms.contains { $0.module == module }, "\(module) has no room in CLibraryOwnersTests")
        }
    }

    /// Prepress resamples photos with pixman itself: Cairo (and Pango with it) stays in Render,
    /// which only places the JPEG bytes Prepress prepared.
    @Test func cairoStaysOutOfPrepress() throws {
        let importers = try Self.importers(of: "CPangoCairo")
        #expect(!importers.isEmpty && importers.allSatisfy { $0.hasPrefix("Render/") }, "\(importers)")
    }

    /// libjpeg is reached through its shim (`CJPEGShim`, which catches libjpeg's longjmp errors),
    /// never imported by a Swift file itself.
    @Test func libjpegIsReachedOnlyThroughItsShim() throws {
        #expect(try Self.importers(of: "CJPEG").isEmpty)
    }

    @Test func theRuleSeesAStrayImport() {
        #expect(Self.importedModule("@preconcurrency import CPangoCairo") == "CPangoCairo")
        #expect(Self.importedModule("internal import CCmarkGFM") == "CCmarkGFM")
        #expect(Self.importedModule("  import struct CQPDF.qpdf_data") == "CQPDF")
        #expect(Self.importedModule("@_implementationOnly import CLCMS2.Sub") == "CLCMS2")
        #expect(Self.importedModule("// import CPangoCairo") == nil)
        #expect(Self.importedModule("let important = 1") == nil)
        let cairo = Self.rooms[0]
        #expect(Self.isAllowed("Render/Draw/Cairo/CairoSurface.swift", in: cairo))
        #expect(!Self.isAllowed("Render/Cover/CoverArtist.swift", in: cairo))
        #expect(!Self.isAllowed("Render/Draw/CairoLike.swift", in: cairo))
        #expect(!Self.isAllowed("Prepress/PDF/QPDFDocumentCopy.swift", in: Self.rooms[1]))
        let pixman = Self.rooms.first { $0.module == "CPixman" }
        #expect(pixman.map { Self.isAllowed("Prepress/Photo/Pixman/PixmanImage.swift", in: $0) } == true)
        #expect(pixman.map { Self.isAllowed("Prepress/Photo/PhotoPipeline.swift", in: $0) } == false)
    }
}
