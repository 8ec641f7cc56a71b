/// What the finisher adds to the structure tree Cairo 1.16 writes, which can say neither a
/// document's language nor a figure's alternative text.
public struct TaggedStructure: Sendable, Equatable {
    /// BCP 47 (`en`, `ru`): the catalog's `/Lang`.
    public var language: String
    /// Each `Figure` element's `/Alt`, in the tree's order.
    public var figureAlternates: [String]

    public init(language: String, figureAlternates: [String]) {
        self.language = language
        self.figureAlternates = figureAlternates
    }
}
