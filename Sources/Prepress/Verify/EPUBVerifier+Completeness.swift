import Diagnostics

/// The completeness proof of an EPUB: every included entry's words in the spine's documents, in
/// reading order. Each entry is the `<section class="entry">` Folio writes it in (up to the
/// next one), as a tagged PDF's entry is its section of the structure tree.
extension EPUBVerifier {
    func completeness(_ expected: ExpectedText, spine: [String], _ contents: [String: [UInt8]]) -> [Diagnostic] {
        let documents = spine.compactMap { path in contents[path].map { SectionStream.Document(path: path, data: $0, cuts: Self.entryStarts(in: $0)) } }
        guard expected.entries.allSatisfy({ $0.head != nil }), documents.contains(where: { !$0.cuts.isEmpty }) else {
            return wholeCompleteness(expected, spine: spine, contents)
        }
        // Each entry is matched to the next section its head opens and walked in that section
        // alone, as `CompletenessCheck` does over the whole text; sections are read a document
        // at a time and forgotten once passed, so a decade's EPUB holds a month's text, not ten
        // years' (issue 37).
        var stream = SectionStream(documents: documents)
        var next = 0, searchesLeft = CompletenessCheck.headSearches
        var lastFile = documents[0].path
        var findings: [Diagnostic] = []
        for entry in expected.entries {
            let wanted = WordText(entry.head ?? "").characters
            var found: SectionStream.Section?
            var candidate = next
            // A missing entry's head is looked for to the end at most `headSearches` times.
            while searchesLeft > 0, let section = stream.section(candidate) {
                if section.text.characters.starts(with: wanted) {
                    found = section
                    next = candidate + 1
                    break
                }
                candidate += 1
            }
            stream.forget(before: next)
            guard let found else {
                searchesLeft -= 1
                findings.append(Self.finding(CompletenessCheck.wholly(entry, near: 0), file: lastFile))
                continue
            }
            let check = CompletenessCheck(document: found.text)
            if let missing = check.missing(entry, in: wanted.count..<found.text.characters.count).missing {
                findings.append(Self.finding(missing, file: found.path))
            }
            lastFile = found.path
        }
        return findings
    }

    private static func finding(_ missing: CompletenessCheck.Missing, file: String) -> Diagnostic {
        Diagnostic(.error, .textMissing, "words of the entry \(missing.entry) are not in \(file), from: \"\(missing.words)\"", entry: missing.entry)
    }

    /// The same, the spine's text read whole: a book without entry sections is cut at its heads,
    /// and an entry that names no head is looked for from where the one before it ended.
    func wholeCompleteness(_ expected: ExpectedText, spine: [String], _ contents: [String: [UInt8]]) -> [Diagnostic] {
        var document = WordText()
        // At most a character a byte (an ellipsis's three bytes are three full stops): reserved
        // whole, a long book's text is never copied as it grows, and what it leaves unused of
        // so large a block is never touched, so never resident.
        document.characters.reserveCapacity(spine.reduce(0) { $0 + (contents[$1]?.count ?? 0) })
        var starts: [(position: Int, path: String)] = []
        var sections: [Range<Int>] = []
        for path in spine {
            guard let data = contents[path] else { continue }
            starts.append((document.characters.count, path))
            let cuts = Self.entryStarts(in: data)
            document.append(MarkupText.forms(Array(data[..<(cuts.first ?? data.count)])).text)
            for (index, cut) in cuts.enumerated() {
                let start = document.characters.count
                document.append(MarkupText.forms(Array(data[cut..<(index + 1 < cuts.count ? cuts[index + 1] : data.count)])).text)
                sections.append(start..<document.characters.count)
            }
        }
        let check = CompletenessCheck(document: document, sections: sections.isEmpty ? nil : sections)
        return check.missing(expected).map { missing in
            Self.finding(missing, file: starts.last { $0.position <= missing.position }?.path ?? "the spine")
        }
    }

    /// The spine's entry sections in order, each reduced to its words when first asked for.
    private struct SectionStream {
        struct Document {
            var path: String
            var data: [UInt8]
            var cuts: [Int]
        }

        struct Section {
            var text: WordText
            var path: String
        }

        let documents: [Document]
        private var loaded: [Section] = []
        /// The spine-wide number of `loaded[0]`.
        private var base = 0
        private var nextDocument = 0

        init(documents: [Document]) { self.documents = documents }

        /// Section `index` of the spine, reading documents up to it; nil past the last.
        mutating func section(_ index: Int) -> Section? {
            while index >= base + loaded.count, nextDocument < documents.count {
                let document = documents[nextDocument]
                nextDocument += 1
                for (number, cut) in document.cuts.enumerated() {
                    let end = number + 1 < document.cuts.count ? document.cuts[number + 1] : document.data.count
                    loaded.append(Section(text: WordText(MarkupText.forms(Array(document.data[cut..<end])).text), path: document.path))
                }
            }
            return index >= base && index < base + loaded.count ? loaded[index - base] : nil
        }

        /// Sections before `index` are never looked at again.
        mutating func forget(before index: Int) {
            let passed = min(max(0, index - base), loaded.count)
            loaded.removeFirst(passed)
            base += passed
        }
    }
}
