import Diagnostics
import Foundation

/// A check run beside the rest of a PDF's verification, on a document of its own (one qpdf
/// document must not be used from two threads): decoding every stream (`StreamIntegrity`,
/// about half of verification) and the ink check's decoding of every CMYK photo. Without a
/// second thread it runs when its findings are asked for, on the caller's document.
final class BackgroundCheck: @unchecked Sendable {
    private let done = DispatchGroup()
    private var result: [Diagnostic]?
    private let check: @Sendable (QPDFDocument) -> [Diagnostic]

    init(file: URL, inBackground: Bool, check: @escaping @Sendable (QPDFDocument) -> [Diagnostic]) {
        self.check = check
        guard inBackground else { return }
        done.enter()
        DispatchQueue.global().async { [self] in
            if let document = QPDFDocument(file: file), !document.unreadable {
                result = check(document)
            }
            done.leave()
        }
    }

    func wait() { done.wait() }

    /// The background's findings, or the check run now on `document` when there was none.
    func findings(else document: QPDFDocument) -> [Diagnostic] {
        done.wait()
        return result ?? check(document)
    }
}
