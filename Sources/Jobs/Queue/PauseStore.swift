import Foundation

/// Pauses an operator sets (issue 36): intake (the hot folder is left alone) or one destination
/// (its queued jobs are not claimed; a job already running finishes). Kept in the queue, so
/// every host obeys them, with who paused and why.
public protocol PauseStore: AnyObject {
    /// False when it already was.
    func pause(_ target: PauseTarget, by actor: String, reason: String) throws -> Bool
    /// False when it was not paused.
    func resume(_ target: PauseTarget) throws -> Bool
    func pauses() throws -> [Pause]
}

public enum PauseTarget: Sendable, Hashable, CustomStringConvertible {
    case intake
    case destination(String)

    var kind: String { if case .destination = self { "destination" } else { "intake" } }
    var name: String { if case .destination(let id) = self { id } else { "" } }

    init?(kind: String, name: String) {
        switch kind {
        case "intake": self = .intake
        case "destination" where !name.isEmpty: self = .destination(name)
        default: return nil
        }
    }

    /// `intake` or `destination:ID`, as the CLI, the console and the API name it.
    public init?(_ text: String) {
        if text == "intake" { self = .intake; return }
        guard text.hasPrefix("destination:"), case let id = String(text.dropFirst("destination:".count)),
              JobIdentifier.isValid(id) else { return nil }
        self = .destination(id)
    }

    public var description: String { if case .destination(let id) = self { "destination:\(id)" } else { "intake" } }
}

public struct Pause: Sendable, Equatable {
    public var target: PauseTarget
    public var reason: String
    public var pausedBy: String
    public var at: Double
}
