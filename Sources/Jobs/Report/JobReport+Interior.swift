import Diagnostics

/// The interior's pages, whether one file or a set of volumes (issue 37): the console's page
/// grid and the queue's page count number them through the set.
extension JobReport {
    /// Every interior page of the book, over all its volumes; nil when no interior was made.
    public var interiorPages: Int? {
        let interiors = outputs.filter { $0.kind == "interior" }
        guard !interiors.isEmpty else { return nil }
        return interiors.reduce(0) { $0 + ($1.pages ?? 0) }
    }

    /// Page `number` of the set (1-based): the interior file it is in and its page there.
    public func interiorPage(_ number: Int) -> (file: String, page: Int)? {
        var before = 0
        for output in outputs where output.kind == "interior" {
            let pages = output.pages ?? 0
            if number > before && number <= before + pages { return (output.file, number - before) }
            before += pages
        }
        return nil
    }

    /// The findings on page `number` of the set: a set's findings name their volume's file and
    /// its own page; one book's are all its own.
    public func findings(onPage number: Int) -> [Diagnostic] {
        guard let place = interiorPage(number) else { return [] }
        let set = (volumes?.isEmpty == false)
        return preflight.filter { finding in finding.page == place.page && (!set || Self.finding(finding, names: place.file)) }
    }

    /// How many findings each page of the set has, counted as `findings(onPage:)` counts them,
    /// in one pass over the findings (the console's page grid of thousands of pages).
    public var findingsPerPage: [Int: Int] {
        let set = (volumes?.isEmpty == false)
        var counts: [Int: Int] = [:]
        for finding in preflight {
            // One book's findings are all its own; a set's name their volume's file.
            guard let page = finding.page, let file = set ? interior(namedBy: finding) : (0, interiorPages ?? 0),
                  page >= 1, page <= file.pages else { continue }
            counts[file.before + page, default: 0] += 1
        }
        return counts
    }

    /// Where a finding's page stands in the set's numbering (the console's page grid): a
    /// finding of `interior-2.pdf` follows the first volume's pages.
    public func setPage(of finding: Diagnostic) -> Int? {
        guard let page = finding.page else { return nil }
        return (interior(namedBy: finding)?.before ?? 0) + page
    }

    /// The interior file `finding` names: the pages of the files before it, and its own.
    private func interior(namedBy finding: Diagnostic) -> (before: Int, pages: Int)? {
        var before = 0
        for output in outputs where output.kind == "interior" {
            if Self.finding(finding, names: output.file) { return (before, output.pages ?? 0) }
            before += output.pages ?? 0
        }
        return nil
    }

    /// Whether a finding is one of `file`'s: its `file`, or in a report written before findings
    /// carried one, its message beginning with the file's name.
    private static func finding(_ finding: Diagnostic, names file: String) -> Bool {
        if let named = finding.file { return named == file }
        return finding.message.hasPrefix(file + ":") || finding.message.hasPrefix(file + ",")
    }
}
