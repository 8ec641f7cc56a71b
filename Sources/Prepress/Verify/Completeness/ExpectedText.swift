/// The words every included entry must show, in reading order: what the completeness check
/// looks for in each output. Built by the job from each entry's source text as a reader sees it.
public struct ExpectedText: Sendable {
    public struct Entry: Sendable {
        public var id: String
        /// The entry's words as the reader sees them, markup already removed, in the pieces the
        /// book sets apart (its title, then its text: tags or a date may stand between them).
        public var parts: [String]

        public init(id: String, parts: [String]) {
            self.id = id
            self.parts = parts
        }

        public init(id: String, text: String) {
            self.init(id: id, parts: [text])
        }
    }

    public var entries: [Entry]

    public init(_ entries: [Entry]) {
        self.entries = entries
    }
}
