import Foundation
import FolioTestSupport
import Testing

/// The queue's house rules, read from its sources: it stands below the book's modules (no
/// `import Prepress` or `import Render` in `Sources/Jobs/Queue`), and reads rows by column
/// name, never by position (`row[`).
@Suite struct QueueHouseTests {
    static let folder = repositoryRoot.appendingPathComponent("Sources/Jobs/Queue")

    /// Every Swift file under the queue's folder, with its path from there.
    static func sources() throws -> [(path: String, text: String)] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: folder.path])
        }
        return try walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.map { url in
            (String(url.path.dropFirst(folder.path.count + 1)), try String(contentsOf: url, encoding: .utf8))
        }
    }

    /// The lines of `sources` that `offends` flags, as `path:line: text`.
    static func offences(_ sources: [(path: String, text: String)], _ offends: (String) -> Bool) -> [String] {
        sources.flatMap { source in
            source.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
                offends(String(line)) ? "\(source.path):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))" : nil
            }
        }
    }

    static func importsAModuleAbove(_ line: String) -> Bool {
        let words = line.split(separator: " ").map(String.init)
        // `import X`, or with an attribute or access level before it (`@testable import X`).
        guard let position = words.firstIndex(of: "import"), words.indices.contains(position + 1),
              words[..<position].allSatisfy({ $0.hasPrefix("@") || ["public", "package", "internal", "private", "fileprivate"].contains($0) })
        else { return false }
        return ["Prepress", "Render"].contains(words[position + 1])
    }

    static func indexesARow(_ line: String) -> Bool {
        line.contains("row[") || line.contains("$0[")
    }

    @Test func theQueueImportsNeitherPrepressNorRender() throws {
        let sources = try Self.sources()
        #expect(sources.count > 20, "the queue's sources were not found under \(Self.folder.path)")
        #expect(Self.offences(sources, Self.importsAModuleAbove) == [])
    }

    @Test func theQueueReadsRowsByColumnName() throws {
        #expect(Self.offences(try Self.sources(), Self.indexesARow) == [])
    }

    /// The checks themselves flag what they are for, so a passing walk means something.
    @Test func theChecksFlagWhatTheyForbid() {
        let sample = [(path: "Sample.swift", text: "import Foundation\nimport Prepress\n@testable import Render\nlet a = row[0].text\n")]
        #expect(Self.offences(sample, Self.importsAModuleAbove) == ["Sample.swift:2: import Prepress", "Sample.swift:3: @testable import Render"])
        #expect(Self.offences(sample, Self.indexesARow) == ["Sample.swift:4: let a = row[0].text"])
        #expect(!Self.importsAModuleAbove("import PrepressKit") && !Self.importsAModuleAbove("// import Render"))
    }
}
