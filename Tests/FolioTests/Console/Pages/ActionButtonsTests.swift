import Testing
@testable import Console
@testable import Jobs

/// The buttons each state offers: "It arrived" and "Send again" only for one job whose state is
/// known, never for a selection of states unknown; Cancel for running and unknown deliveries too.
@Suite struct ActionButtonsTests {
    func values(_ state: QueuedJob.State?) -> Set<String> {
        let html = ActionButtons.buttons(for: state)
        return Set(html.components(separatedBy: "value=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) })
    }

    @Test func eachStateOffersWhatItAllows() {
        #expect(values(nil) == ["approve", "retry", "retry-fresh", "cancel", "reject"])
        #expect(values(.deliveryUnknown) == ["cancel", "arrived", "send-again"])
        #expect(values(.done) == ["send-again"])
        #expect(values(.running) == ["cancel"])
        #expect(values(.held) == ["approve", "cancel", "reject"])
    }
}
