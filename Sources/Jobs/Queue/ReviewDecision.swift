import Diagnostics

/// How an operator's decision on a held job is written where the night's report reads it.
public enum ReviewDecision {
    public static let rejectedCode = FailureCode.rejectedInReview.name

    /// The job's `last_error` once rejected: the code, who, and the operator's words.
    public static func rejectionError(by actor: String, reason: String) -> String {
        "\(rejectedCode): rejected by \(actor): \(reason)"
    }
}
