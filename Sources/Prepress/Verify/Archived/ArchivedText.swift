/// The archived phrases a book must never show, ready to be searched for in one pass over
/// each piece of an output's text, whatever their number.
public struct ArchivedText: Sendable {
    /// The phrases as given, for findings.
    public let phrases: [String]
    private let matcher: PhraseMatcher

    /// Phrases shorter than four characters are too common to prove a leak and are left out.
    public init(_ phrases: [String]) {
        let kept = phrases.filter { $0.count >= 4 }
        self.phrases = kept
        matcher = PhraseMatcher(kept.map(CompactText.bytes))
    }

    public var isEmpty: Bool { phrases.isEmpty }

    /// The phrases found in `text` (compacted here), in the order they were given.
    public func found(in text: String, counter: ScanCounter? = nil) -> [String] {
        found(inCompact: CompactText.bytes(text), counter: counter)
    }

    /// The phrases found in UTF-8 text (compacted here).
    public func found(inUTF8 text: [UInt8], counter: ScanCounter? = nil) -> [String] {
        guard !isEmpty else { return [] }
        var compact: [UInt8] = []
        CompactText.append(utf8: text, to: &compact)
        return found(inCompact: compact, counter: counter)
    }

    /// The phrases found in text already in `CompactText` form.
    public func found(inCompact bytes: [UInt8], counter: ScanCounter? = nil) -> [String] {
        guard !isEmpty else { return [] }
        return matcher.matches(in: bytes, counter: counter).sorted().map { phrases[$0] }
    }
}
