import Foundation
import FolioTestSupport
import Jobs
import Testing

/// Fault injection lives in the tests' `folio-with-faults` only: the product `folio` has the job
/// process's hooks but sets none, so FOLIO_TEST_FAULT means nothing to it. (That the tests'
/// build does crash its jobs, and starts them with itself, RunnerTests, AttemptEndingTests and
/// ExactlyOnceTests show.)
@Suite struct FaultHooksTests {
    @Test func theProductBinaryHoldsNoFaultInjection() throws {
        let variable = Data("FOLIO_TEST_FAULT".utf8)
        let product = try Data(contentsOf: URL(fileURLWithPath: Workspace.folio), options: .alwaysMapped)
        #expect(product.range(of: variable) == nil, "\(Workspace.folio) reads FOLIO_TEST_FAULT")
        // The search finds the name where it is.
        let tests = try Data(contentsOf: URL(fileURLWithPath: Workspace.folioWithFaults), options: .alwaysMapped)
        #expect(tests.range(of: variable) != nil)
    }

    @Test func aNightRunByTheProductIgnoresFaults() throws {
        let workspace = try Workspace.batch(#", "max_attempts": 1"#)
        let id = try #require(try workspace.drop(1, prefix: "unharmed").first)
        let run = try workspace.run(workers: 1, environment: ["FOLIO_TEST_FAULT": "\(id):segv"])
        #expect(run.status == 0, "\(run.output)\n\(run.errors)")
        #expect(try workspace.states()[id] == "done")
        #expect(try workspace.report(id).status == .done)
    }
}
