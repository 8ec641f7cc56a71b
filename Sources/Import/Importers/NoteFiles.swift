import Diagnostics
import Document
import Foundation

/// The notes of a Markdown export and the pictures they name: every `.md` file below the root
/// (and a Logseq graph's `.org` pages; hidden folders and Logseq's `logseq/` left out), and a picture found as the app finds it:
/// relative to the note, then to the root, then (Obsidian's shortest links) by its name
/// anywhere in the vault. Nothing outside the root is ever returned.
struct NoteFiles {
    static let limit = 50_000

    let root: URL
    /// Paths relative to the root, sorted.
    private(set) var paths: [String] = []
    private(set) var truncated = false
    /// Every file's name → its paths, for Obsidian's links by name.
    private var byName: [String: [String]] = [:]

    /// Files that are neither notes nor pictures (a PDF, a recording, a canvas): not printed,
    /// and named so that none is silently absent.
    private(set) var others: [String] = []

    init(root: URL, layout: MarkdownImporter.Layout) {
        self.root = root
        let base = root.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey],
                                                          options: [.skipsHiddenFiles, .skipsPackageDescendants]) else { return }
        var count = 0
        for case let url as URL in walker {
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(base + "/") else { continue }
            let relative = String(path.dropFirst(base.count + 1))
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                if layout == .logseq, relative == "logseq" { walker.skipDescendants() }
                continue
            }
            count += 1
            guard count <= Self.limit else {
                truncated = true
                break
            }
            byName[url.lastPathComponent.lowercased(), default: []].append(relative)
            let suffix = url.pathExtension.lowercased()
            // Logseq writes Org pages beside Markdown ones.
            if suffix == "md" || suffix == "markdown" || layout == .logseq && suffix == "org" {
                paths.append(relative)
            } else if !ObsidianText.pictureTypes.contains(suffix), layout != .logseq || !relative.hasPrefix("logseq/") {
                others.append(relative)
            }
        }
        paths.sort()
        others.sort()
    }

    /// The picture `target` names from the note at `note` (both relative to the root).
    func picture(_ target: String, from note: String) -> URL? {
        guard !target.contains("://") else { return nil }
        let folder = (note as NSString).deletingLastPathComponent
        var candidates: [String] = [Self.normalized(folder.isEmpty ? target : folder + "/" + target), Self.normalized(target)].compactMap { $0 }
        // Obsidian's shortest link: the file of that name nearest the root.
        let name = (target as NSString).lastPathComponent.lowercased()
        candidates += (byName[name] ?? []).sorted { ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1) }
        for candidate in candidates {
            if let file = try? ConfinedPath.resolve(candidate, under: root), FileManager.default.fileExists(atPath: file.path) { return file }
        }
        return nil
    }

    /// How an Obsidian vault's notes read: highlights always; single line breaks as breaks
    /// unless the vault turned "strict line breaks" on (`.obsidian/app.json`).
    var obsidianSyntax: Document.AppSyntax {
        let settings = root.appendingPathComponent(".obsidian/app.json")
        let strict = (try? Data(contentsOf: settings)).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }?["strictLineBreaks"]
            as? Bool ?? false
        return strict ? [.highlights] : [.highlights, .lineBreaks]
    }

    /// `a/b/../c` → `a/c`; nil when it climbs out of the root.
    static func normalized(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                guard parts.popLast() != nil else { return nil }
            } else {
                parts.append(part)
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }
}
