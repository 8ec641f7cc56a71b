import Import
import Diagnostics

/// Why a job stopped: rejected input (the order or its export is wrong) or a failure while
/// working on valid input.
enum JobError: Error {
    case rejected(InputError)
    case failed(code: FailureCode, message: String)

    var failure: JobReport.Failure {
        switch self {
        case .rejected(let error):
            JobReport.Failure(code: error.issues.first?.code ?? FailureCode.invalidInput.name,
                              message: "the order or its export is invalid (\(error.issues.count) problem\(error.issues.count == 1 ? "" : "s"))",
                              details: error.issues.map(\.description))
        case .failed(let code, let message):
            JobReport.Failure(code: code.name, message: message, details: [])
        }
    }
}
