import Foundation
import Testing
@testable import Jobs

/// The operator's word on a delivery is acted on by the one attempt that follows it, never by
/// a retry after that: a copy sent on purpose is sent once.
@Suite struct DeliveryDecisionTests {
    func events(_ names: String...) -> [JobEvent] {
        names.enumerated().map { JobEvent(at: Double($0.offset), event: $0.element, by: $0.element == "send-again" ? "olga" : nil,
                                          detail: $0.element == "send-again" ? "lost" : nil) }
    }

    @Test func theAttemptRightAfterTheDecisionActsOnIt() {
        #expect(DeliveryDecision.pending(in: events("queued", "claimed", "delivery-unknown", "arrived", "claimed")) == .arrived(by: "an operator"))
        #expect(DeliveryDecision.pending(in: events("claimed", "done", "send-again", "claimed")) == .sendAgain(by: "olga", reason: "lost"))
    }

    @Test func noDecisionOrAnAttemptSinceMeansNone() {
        #expect(DeliveryDecision.pending(in: events("queued", "claimed")) == nil)
        #expect(DeliveryDecision.pending(in: events("claimed", "delivery-unknown", "arrived", "claimed", "done", "claimed")) == nil)
        // A retry after the attempt that acted on it: that attempt consumed it.
        #expect(DeliveryDecision.pending(in: events("done", "send-again", "claimed", "queued", "claimed")) == nil)
    }

    /// A stop releases the attempt before it ended: the next one still acts on the word.
    @Test func aReleasedAttemptLeavesTheDecisionForTheNext() {
        #expect(DeliveryDecision.pending(in: events("done", "send-again", "claimed", "released", "claimed")) == .sendAgain(by: "olga", reason: "lost"))
    }
}
