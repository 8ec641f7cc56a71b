import FolioCommands
import Foundation

// folio-with-faults: `folio` itself, with the faults FOLIO_TEST_FAULT names in its job
// processes (FaultPlan). Built for the tests only; the product has the hooks but sets none.
do {
    let plan = try FaultPlan(ProcessInfo.processInfo.environment["FOLIO_TEST_FAULT"] ?? "")
    exit(FolioProgram.run(Array(CommandLine.arguments.dropFirst()), jobHooks: plan.hooks))
} catch {
    FileHandle.standardError.write(Data("folio-with-faults: \(error)\n".utf8))
    exit(2)
}
