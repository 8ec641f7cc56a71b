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
    /// on the job's delivery and no attempt has ended since (done, failed, held, unknown, or
    /// queued again for a retry). An attempt released unfinished (a stop) leaves it for the
    /// next; one that ended used it: a copy sent on purpose is sent once.
    public static func pending(in events: [JobEvent]) -> DeliveryDecision? {
        let words: Set<String> = [unknownEvent, "done", "failed", "held", "cancelled", "queued", arrivedEvent, sendAgainEvent]
        guard let index = events.lastIndex(where: { words.contains($0.event) }) else { return nil }
        let last = events[index]
        switch last.event {
        case arrivedEvent: return .arrived(by: last.by ?? "an operator")
        case sendAgainEvent: return .sendAgain(by: last.by ?? "an operator", reason: last.detail ?? "")
        default: return nil
        }
    }
}
