import Diagnostics
import Jobs

/// Whether a job failed on its order or export, read from the code that heads its last error:
/// the registry's input codes, or an input issue's own code (which the registry does not list).
/// Retry would fail the same way, so no page offers it; every page asks here.
enum FailedOnInput {
    static func decides(state: QueuedJob.State, lastError: String?) -> Bool {
        guard state == .failed, let error = lastError, let colon = error.firstIndex(of: ":") else { return false }
        let code = String(error[..<colon])
        guard !code.isEmpty, code.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "-" }) else { return false }
        return FailureCodes.code(code).map { $0.stage == "input" } ?? true
    }
}
