import Foundation

/// Where the CLI speaks: results on standard output, problems on standard error. (Not named
/// `Console`: that is the operator console's module, which `folio serve` imports.)
public struct Terminal: Sendable {
    public init() {}

    public func say(_ line: String) {
        // Written straight to the file descriptor: nothing is buffered when a pipe closes early.
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    public func complain(_ line: String) {
        FileHandle.standardError.write(Data(("folio: " + line + "\n").utf8))
    }
}
