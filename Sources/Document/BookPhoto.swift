import Foundation

/// A photo of an entry, as the journal names it and where it lies on disk.
public struct BookPhoto: Sendable, Equatable {
    /// The path as the journal names it, relative to the export.
    public var name: String
    /// The confined absolute location on disk.
    public var file: URL
    public var caption: String?

    public init(name: String, file: URL, caption: String?) {
        self.name = name
        self.file = file
        self.caption = caption
    }
}
