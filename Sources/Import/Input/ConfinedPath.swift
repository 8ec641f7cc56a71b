import Diagnostics
import Document
import Foundation

/// Resolves a relative path inside a root folder and refuses any that leaves it: `..`, an
/// absolute path, or a symbolic link (anywhere along the path) that points outside.
public enum ConfinedPath {
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        case absolute
        case parentSegment
        case escapesThroughLink(String)

        public var description: String {
            switch self {
            case .absolute: "an absolute path is not allowed; give a path relative to the folder"
            case .parentSegment: "\"..\" is not allowed: the path must stay inside its folder"
            case .escapesThroughLink(let target): "a symbolic link leads outside the folder (to \(target))"
            }
        }
    }

    /// The resolved location of `relative` under `root`. The file need not exist; the
    /// existing part of the path is checked with symbolic links followed.
    public static func resolve(_ relative: String, under root: URL) throws(Refusal) -> URL {
        if relative.hasPrefix("/") || relative.hasPrefix("~") { throw .absolute }
        let segments = relative.split(separator: "/", omittingEmptySubsequences: true)
        if segments.contains("..") { throw .parentSegment }
        let realRoot = realPath(root.path)
        var candidate = root
        for segment in segments where segment != "." {
            candidate.appendPathComponent(String(segment))
        }
        let real = realPath(candidate.path)
        if real != realRoot && !real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/") {
            throw .escapesThroughLink(real)
        }
        return candidate
    }

    /// The canonical path with every symbolic link resolved; for a path that does not exist
    /// (yet), its longest existing prefix is resolved and the rest appended.
    static func realPath(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        let parent = (path as NSString).deletingLastPathComponent
        guard !parent.isEmpty, parent != path else { return path }
        return (realPath(parent) as NSString).appendingPathComponent((path as NSString).lastPathComponent)
    }
}
