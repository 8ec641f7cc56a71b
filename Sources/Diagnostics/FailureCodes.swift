/// Every code a job's attempt ends with (the report's `error.code`), in the order of the stages.
/// Each is a constant of `FailureCode` (`.verificationFailed`), so no job ends with a code the
/// registry does not list. docs/reference.md's table is `FailureCodes.markdownTable`; `DiagnosticsTests`
/// compares the two.
public enum FailureCodes {
    public static let all: [FailureCode] = [
        .invalidInput, .nothingToPrint, .renderFailed, .pageLimitExceeded, .epubFailed, .finishFailed, .verificationFailed,
        .uploadFailed, .deliveryRefused, .deliveryUnanswered, .deliveredFileChanged, .ledgerNotWritten, .ledgerUnreadable, .rejectedInReview,
        .ioError, .outOfSpace, .reportNotWritten, .crashed,
    ]

    private static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    public static func code(_ name: String) -> FailureCode? { byName[name] }

    /// What the queue does after an attempt ended with `name`. An input issue's code (a
    /// rejected order's) is not here and is final, as `invalid-input` is.
    public static func retry(after name: String) -> FailureCode.Retry {
        byName[name]?.retry ?? .byOperator
    }

    /// docs/reference.md's table of these codes.
    public static var markdownTable: String {
        (["| code | stage | the queue | meaning |", "| --- | --- | --- | --- |"]
            + all.map { "| `\($0.name)` | \($0.stage) | \($0.retry.rawValue) | \($0.meaning) |" }).joined(separator: "\n")
    }
}

/// The codes, one constant each, in the order of the stages.
extension FailureCode {
    public static let invalidInput = FailureCode("invalid-input", stage: "input", retry: .byOperator,
                                                 "the order or its export is invalid; the report lists every problem (its first problem's code is the job's)")
    public static let nothingToPrint = FailureCode("nothing-to-print", stage: "input", retry: .byOperator,
                                                   "the export holds no entry the order's scope prints; names the format it was read as")
    public static let renderFailed = FailureCode("render-failed", stage: "render", retry: .byOperator, "the interior could not be set or drawn")
    public static let pageLimitExceeded = FailureCode("page-limit-exceeded", stage: "render", retry: .byOperator, "the book is longer than the product allows")
    public static let epubFailed = FailureCode("epub-failed", stage: "render", retry: .byOperator, "the EPUB could not be written")
    public static let finishFailed = FailureCode("finish-failed", stage: "finish", retry: .byOperator,
                                                 "a PDF could not be finished for the press (colour conversion, PDF/X, qpdf)")
    public static let verificationFailed = FailureCode("verification-failed", stage: "verify", retry: .byOperator, "a file failed verification; nothing was delivered")
    public static let uploadFailed = FailureCode("upload-failed", stage: "deliver", retry: .afterBackoff, "a transfer failed transiently (the retry classes in docs/guide.md)")
    public static let deliveryRefused = FailureCode("delivery-refused", stage: "deliver", retry: .byOperator,
                                                    "the destination refused on purpose (a permanent class), or cannot be asked as configured")
    public static let deliveryUnanswered = FailureCode("delivery-unanswered", stage: "deliver", retry: .byOperator,
                                                    "a file went out whole, no answer came and the printer could not be asked: it may hold it; "
                                                        + "the job waits in `delivery-unknown` for `folio arrived` or `folio send-again`")
    public static let deliveredFileChanged = FailureCode("delivered-file-changed", stage: "deliver", retry: .byOperator,
                                                         "a file the printer already has changed since; nothing more is sent")
    public static let ledgerNotWritten = FailureCode("ledger-not-written", stage: "deliver", retry: .byOperator,
                                                     "a file reached the printer but the ledger could not record it")
    public static let ledgerUnreadable = FailureCode("ledger-unreadable", stage: "deliver", retry: .afterBackoff,
                                                     "the delivery ledger could not be read, so nothing was sent")
    public static let rejectedInReview = FailureCode("rejected-in-review", stage: "review", retry: .byOperator, "an operator rejected the held book")
    public static let ioError = FailureCode("io-error", stage: "any", retry: .afterBackoff, "reading or writing the job's files failed")
    public static let outOfSpace = FailureCode("out-of-space", stage: "any", retry: .afterBackoff, "the disk is full; partial files are removed")
    public static let reportNotWritten = FailureCode("report-not-written", stage: "report", retry: .afterBackoff, "the job's report could not be written")
    public static let crashed = FailureCode("crashed", stage: "runner", retry: .afterBackoff,
                                            "the job's process ended without ending its attempt (a signal, a crash); the log tail is in the report")
}
