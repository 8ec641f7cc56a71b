/// The words every included entry must show, in reading order: what the completeness check
/// looks for in each output. Built by the job from each entry's source text as a reader sees it.
public struct ExpectedText: Sendable {
    public struct Entry: Sendable {
        public var id: String
        /// The entry's words as the reader sees them, markup already removed, in the pieces the
        /// book sets apart (its title, then its text: tags or a date may stand between them).
        public var parts: [String]
        /// The line that opens the entry in every output (its date and time, as the book's
        /// language writes them): where the check cuts the output into entries. Nil: the
        /// entry is looked for from where the one before it ended.
        public var head: String?

        public init(id: String, parts: [String], head: String? = nil) {
            self.id = id
            self.parts = parts
            self.head = head
        }

        public init(id: String, text: String) {
            self.init(id: id, parts: [text])
        }
    }

    public var entries: [Entry]
    /// The BCP 47 tag of the book's language: the heads are in its capitals on the page.
    public var language = "en"

    public init(_ entries: [Entry]) {
        self.entries = entries
    }
}
