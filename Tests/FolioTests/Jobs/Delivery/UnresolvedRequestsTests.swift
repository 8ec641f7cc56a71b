import Foundation
import Testing
@testable import Jobs

/// Which files a new attempt must not send blindly: those with an unanswered request that
/// nothing resolved since.
@Suite struct UnresolvedRequestsTests {
    func stage(_ classes: [(String, String?)]) throws -> [String: UploadRequestRecord] {
        let ledger = MemoryLedger(job: "j", attempt: 2)
        for (index, (requestClass, error)) in classes.enumerated() {
            ledger.record(UploadRequestRecord(job: "j", attempt: 1, file: "interior.pdf", destination: "printer", url: "http://p/i",
                                              httpStatus: nil, error: error, bytesSent: 0, at: Double(index), requestClass: requestClass))
        }
        let destination = Destination(id: "printer", url: "http://p/{file}", method: "PUT", headers: [:], auth: .none,
                                      retry: .init(maxAttempts: 1, baseDelayMS: 0, maxDelayMS: 0, budgetSeconds: 1),
                                      configFolder: URL(fileURLWithPath: "/tmp"))
        let output = JobReport.Output(kind: "interior", file: "interior.pdf", bytes: 1, sha256: "ab", pages: 1)
        return try DeliverStage(destination: destination, orderID: "j", orderSHA256: "cd", ledger: ledger).unresolvedFiles([output], delivered: [])
    }

    @Test func anUnansweredRequestStaysUnresolvedUntilSomethingAnswers() throws {
        #expect(try stage([("unknown", "no answer")]).keys.sorted() == ["interior.pdf"])
        // A lookup that could not tell, or a tus HEAD that failed, resolves nothing.
        #expect(try stage([("unknown", "no answer"), ("unknown", "lookup: the printer cannot say"), ("transient", "HTTP 503")]).count == 1)
        // The printer said it holds none of it; or a later request was accepted.
        #expect(try stage([("unknown", "no answer"), ("transient", "lookup: the printer does not hold it (HTTP 404): sent again")]).isEmpty)
        #expect(try stage([("unknown", "no answer"), ("accepted", nil)]).isEmpty)
        #expect(try stage([("transient", "HTTP 503"), ("permanent", "HTTP 400")]).isEmpty)
    }
}
