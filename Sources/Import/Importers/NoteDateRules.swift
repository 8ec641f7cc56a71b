import Diagnostics
import Document
import Foundation

/// How an app names its notes' days, read from the app's own settings in the export: Obsidian's
/// daily notes (`.obsidian/daily-notes.json`), the Periodic Notes plugin (daily, weekly,
/// monthly, quarterly and yearly formats and folders) and the Journals plugin (each journal's
/// `nameTemplate`, `dateFormat` and `folder`); Logseq's `logseq/config.edn`
/// (`:journal/file-name-format`, `:journals-directory`). A name in a daily
/// format is a day; a name in a weekly, monthly, quarterly or yearly one is a period, not an
/// entry. Where nothing is configured, the built-in names (`2025-03-14`) apply.
struct NoteDateRules {
    struct Rule {
        /// The folder below the root the notes live in ("" for anywhere).
        var folder: String
        var format: MomentFormat
        var isDaily: Bool
    }

    enum Match: Equatable {
        case day(year: Int, month: Int, day: Int)
        /// A weekly, monthly, quarterly or yearly note.
        case period
    }

    var rules: [Rule] = []
    /// Logseq's journals folder (its pages may be Markdown or Org, whatever `:preferred-format`
    /// says now: a graph keeps the pages written before a change).
    var journalsFolder = "journals"

    /// What a note at `relative` (a path below the root, with its extension) is named for.
    func match(_ relative: String) -> Match? {
        let path = (relative as NSString).deletingPathExtension
        let stem = (path as NSString).lastPathComponent
        for rule in rules.sorted(by: { $0.isDaily && !$1.isDaily }) {
            guard rule.folder.isEmpty || path.hasPrefix(rule.folder + "/") else { continue }
            let below = rule.folder.isEmpty ? path : String(path.dropFirst(rule.folder.count + 1))
            guard let reading = rule.format.read(below) ?? rule.format.read(stem) else { continue }
            if rule.isDaily, !reading.isPeriod, let month = reading.month, let day = reading.day {
                return .day(year: reading.year, month: month, day: day)
            }
            if !rule.isDaily { return .period }
        }
        return nil
    }

    static func obsidian(_ root: URL) -> NoteDateRules {
        var rules = NoteDateRules()
        if let daily = json(root, ".obsidian/daily-notes.json") {
            rules.add(daily["folder"] as? String, daily["format"] as? String ?? "", isDaily: true, default: "YYYY-MM-DD")
        }
        if let periodic = json(root, ".obsidian/plugins/periodic-notes/data.json") {
            let defaults = ["daily": "YYYY-MM-DD", "weekly": "gggg-[W]ww", "monthly": "YYYY-MM", "quarterly": "YYYY-[Q]Q", "yearly": "YYYY"]
            for (kind, fallback) in defaults {
                guard let settings = periodic[kind] as? [String: Any], settings["enabled"] as? Bool ?? (kind == "daily") else { continue }
                rules.add(settings["folder"] as? String, settings["format"] as? String ?? "", isDaily: kind == "daily", default: fallback)
            }
        }
        if let journals = json(root, ".obsidian/plugins/journals/data.json")?["journals"] as? [String: Any] {
            for case let journal as [String: Any] in journals.values {
                let type = (journal["write"] as? [String: Any])?["type"] as? String ?? "day"
                let dateFormat = journal["dateFormat"] as? String ?? "YYYY-MM-DD"
                let template = journal["nameTemplate"] as? String ?? "{{date}}"
                guard let format = momentFormat(template, dateFormat: dateFormat) else { continue }
                rules.add(journal["folder"] as? String, format, isDaily: type == "day", default: "YYYY-MM-DD")
            }
        }
        return rules
    }

    static func logseq(_ root: URL) -> NoteDateRules {
        var rules = NoteDateRules()
        let config = (try? String(contentsOf: root.appendingPathComponent("logseq/config.edn"), encoding: .utf8)) ?? ""
        func setting(_ key: String) -> String? {
            // `:key "value"` or `:key :value`, outside `;` comments.
            let lines = config.split(separator: "\n").map { $0.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? "" }
            for line in lines {
                guard let range = line.range(of: key + " ") ?? line.range(of: key + "\t") else { continue }
                let value = line[range.upperBound...].trimmingCharacters(in: .whitespaces)
                let token = value.hasPrefix("\"") ? value.dropFirst().prefix { $0 != "\"" } : value.prefix { !" }\t,".contains($0) }
                return String(token)
            }
            return nil
        }
        rules.journalsFolder = setting(":journals-directory").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "/")) } ?? "journals"
        let format = setting(":journal/file-name-format") ?? "yyyy_MM_dd"
        rules.rules.append(Rule(folder: rules.journalsFolder, format: MomentFormat.logseq(format), isDaily: true))
        return rules
    }

    private mutating func add(_ folder: String?, _ format: String, isDaily: Bool, default fallback: String) {
        add(folder, MomentFormat(format.trimmingCharacters(in: .whitespaces).isEmpty ? fallback : format), isDaily: isDaily, default: fallback)
    }

    private mutating func add(_ folder: String?, _ format: MomentFormat, isDaily: Bool, default fallback: String) {
        // A folder written with a template (`Diary/{{date:YYYY}}`) is matched up to the template.
        let plain = (folder ?? "").components(separatedBy: "{{").first ?? ""
        rules.append(Rule(folder: plain.trimmingCharacters(in: CharacterSet(charactersIn: "/ ")), format: format, isDaily: isDaily))
    }

    /// The Journals plugin's `nameTemplate` as a Moment format: `{{date}}` in its `dateFormat`,
    /// `{{date:FORMAT}}` in its own, other text literal; nil for a template with other variables.
    static func momentFormat(_ template: String, dateFormat: String) -> MomentFormat? {
        var moment = ""
        var rest = Substring(template)
        while let open = rest.range(of: "{{") {
            moment += literal(rest[..<open.lowerBound])
            guard let close = rest[open.upperBound...].range(of: "}}") else { return nil }
            let variable = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if variable == "date" {
                moment += dateFormat
            } else if variable.hasPrefix("date:") {
                moment += variable.dropFirst("date:".count)
            } else {
                return nil
            }
            rest = rest[close.upperBound...]
        }
        return MomentFormat(moment + literal(rest))
    }

    private static func literal(_ text: Substring) -> String { text.isEmpty ? "" : "[\(text)]" }

    private static func json(_ root: URL, _ path: String) -> [String: Any]? {
        (try? Data(contentsOf: root.appendingPathComponent(path))).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    }
}
