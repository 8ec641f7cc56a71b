import Diagnostics
import Document
import Foundation

/// An Obsidian note's body as CommonMark: `![[photo.jpg]]` (and `![[photo.jpg|300]]`) becomes
/// an image the importer places as a photo; `[[target|alias]]` its alias, `[[target]]` and
/// `[[target#heading]]` their words; a callout (`> [!info] Title`, foldable with `-` or `+`) a
/// quote under its title in bold; `%%comments%%` and `^block-ids` go, as Obsidian shows them.
/// An embedded note or file that is not a picture cannot be printed: it is reported. All of it
/// is read in prose only, never in code (`ProseText`). Dataview and Tasks query blocks stay
/// code, and are counted: a book cannot run them.
enum ObsidianText {
    static let pictureTypes: Set<String> = ["jpg", "jpeg", "png", "gif", "webp", "heic", "heif", "tif", "tiff", "bmp", "avif"]

    /// The code blocks' languages that are queries of Obsidian's plugins.
    static let queryLanguages: Set<String> = ["dataview", "dataviewjs", "tasks", "query"]

    static func markdown(_ text: String) -> (text: String, unprinted: [String], queries: Int) {
        var unprinted: [String] = []
        let output = ProseText.mapProse(text) { prose($0, unprinted: &unprinted) }
        let queries = Document(markdown: output, smart: false).allBlocks.filter { block in
            guard case .code(let info, _) = block else { return false }
            return queryLanguages.contains(info.split(separator: " ").first.map { $0.lowercased() } ?? "")
        }.count
        return (output, unprinted, queries)
    }

    private static func prose(_ text: String, unprinted: inout [String]) -> String {
        var output = ReaderText.replacing(text, pattern: #"%%[\s\S]*?%%"#, with: "")
        // Embeds: pictures become images, anything else is reported.
        var converted = ""
        var rest = Substring(output)
        while let open = rest.range(of: "![["), let close = rest[open.upperBound...].range(of: "]]") {
            converted += rest[..<open.lowerBound]
            let inner = rest[open.upperBound..<close.lowerBound]
            let target = String(inner.split(separator: "|", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces)
            let path = String(target.split(separator: "#", maxSplits: 1).first ?? "")
            if pictureTypes.contains((path as NSString).pathExtension.lowercased()) {
                converted += "![](<\(path)>)"
            } else {
                unprinted.append(target)
            }
            rest = rest[close.upperBound...]
        }
        output = converted + rest
        output = ReaderText.replacing(output, pattern: #"\[\[([^\]|\n]*)\|([^\]\n]*)\]\]"#, with: "$2")
        output = ReaderText.replacing(output, pattern: #"\[\[([^\]#\n]*)#\^[^\]\n]*\]\]"#, with: "$1")
        output = ReaderText.replacing(output, pattern: #"\[\[([^\]#\n]*)#([^\]\n]*)\]\]"#, with: "$1 › $2")
        output = ReaderText.replacing(output, pattern: #"\[\[([^\]\n]*)\]\]"#, with: "$1")
        output = ReaderText.replacing(output, pattern: #"(?m)^(\s*(?:>\s*)+)\[!([A-Za-z0-9_-]+)\][+-]?[ \t]*(\S.*)$"#, with: "$1**$3**")
        output = ReaderText.replacing(output, pattern: #"(?m)^(\s*(?:>\s*)+)\[!([A-Za-z0-9_-]+)\][+-]?[ \t]*$"#, with: "$1**$2**")
        output = ReaderText.replacing(output, pattern: #"(?m)[ \t]\^[A-Za-z0-9-]+[ \t]*$"#, with: "")
        return output
    }
}
