/// One of Folio's own data files cannot be read: the installation is incomplete. `file` is the
/// path looked at, or the file's place in its folder when the folder itself was not found.
public struct SharedFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var problem: String

    public init(file: String, problem: String) {
        self.file = file
        self.problem = problem
    }

    public var description: String { "\(file): \(problem)" }
}
