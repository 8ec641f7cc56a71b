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
        return preflight.filter { finding in
            finding.page == place.page && (!set || finding.message.hasPrefix(place.file + ":") || finding.message.hasPrefix(place.file + ","))
        }
    }

    /// Where a finding's page stands in the set's numbering (the console's page grid): a
    /// finding of `interior-2.pdf` follows the first volume's pages.
    public func setPage(of finding: Diagnostic) -> Int? {
        guard let page = finding.page else { return nil }
        var before = 0
        for output in outputs where output.kind == "interior" {
            if finding.message.hasPrefix(output.file + ":") || finding.message.hasPrefix(output.file + ",") { return before + page }
            before += output.pages ?? 0
        }
        return page
    }
}
