import Foundation

/// What an operator said about a job whose delivery is unknown (a file went out whole, no
/// answer came, and the printer could not be asked), or about a delivered one: the printer has
/// the files, or they are to be sent again on purpose. The queue keeps it as the job's last
/// event before it was queued again; the next attempt acts on it once.
public enum DeliveryDecision: Sendable, Equatable {
    /// The printer has them: recorded in the ledger as the operator's word, nothing is sent.
    case arrived(by: String)
    /// Sent again, recorded as a deliberate copy with its reason.
    case sendAgain(by: String, reason: String)

    static let unknownEvent = QueuedJob.State.deliveryUnknown.rawValue
    static let arrivedEvent = "arrived"
    static let sendAgainEvent = "send-again"

    /// The decision an attempt starting now acts on: the operator's, when it is the latest word
    /// on the job's delivery and this is the first attempt since (one claim after it). A
    /// later attempt (a retry after a transient failure) does not act on it again: a copy sent
    /// on purpose is sent once.
    public static func pending(in events: [JobEvent]) -> DeliveryDecision? {
        let endings: Set<String> = [unknownEvent, "done", "failed", "held", "cancelled", arrivedEvent, sendAgainEvent]
        guard let index = events.lastIndex(where: { endings.contains($0.event) }),
              events[(index + 1)...].filter({ $0.event == "claimed" }).count <= 1 else { return nil }
        let last = events[index]
        switch last.event {
        case arrivedEvent: return .arrived(by: last.by ?? "an operator")
        case sendAgainEvent: return .sendAgain(by: last.by ?? "an operator", reason: last.detail ?? "")
        default: return nil
        }
    }
}
