import FolioCommands
import Foundation
import Jobs

// folio-with-faults: `folio` itself, with the faults FOLIO_TEST_FAULT names in its job
// processes (FaultPlan). Built for the tests only; the product has the hooks but sets none.
do {
    // A month of nights in minutes: every process of the run, job processes included, reads
    // the clock shifted by this many seconds.
    if let offset = ProcessInfo.processInfo.environment["FOLIO_TEST_CLOCK_OFFSET_S"].flatMap(Double.init) {
        FolioClock.shift(by: offset)
    }
    let plan = try FaultPlan(ProcessInfo.processInfo.environment["FOLIO_TEST_FAULT"] ?? "")
    exit(FolioProgram.run(Array(CommandLine.arguments.dropFirst()), jobHooks: plan.hooks))
} catch {
    FileHandle.standardError.write(Data("folio-with-faults: \(error)\n".utf8))
    exit(2)
}
