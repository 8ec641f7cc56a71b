/// Inline content of a paragraph, heading or table cell.
public indirect enum Inline: Sendable, Equatable {
    case text(String)
    /// A line ending inside a paragraph: a space when set, except where an app keeps it
    /// (Obsidian shows single line breaks).
    case softBreak
    case lineBreak
    case code(String)
    case emphasis([Inline])
    case strong([Inline])
    case strikethrough([Inline])
    /// Obsidian's `==highlight==`.
    case highlight([Inline])
    /// A link: its words are printed, its address is not (a page cannot follow it).
    case link(destination: String, [Inline])
    /// An image: a photo where the entry's photos stand, otherwise its description.
    case image(destination: String, [Inline])
    /// A raw inline HTML tag or comment, as written.
    case html(String)
    /// A reference to footnote `number`.
    case footnoteReference(Int)
}
