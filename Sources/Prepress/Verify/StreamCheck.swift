import Foundation

/// `StreamIntegrity` run beside the rest of a PDF's verification: decoding every stream (every
/// photo's scan data among them) is about half of it. In the background it reads the file with
/// its own qpdf document, since one document must not be used from two threads.
final class StreamCheck: @unchecked Sendable {
    private let done = DispatchGroup()
    private var result: [Finding]?

    init(file: URL, inBackground: Bool) {
        guard inBackground else { return }
        done.enter()
        DispatchQueue.global().async { [self] in
            if let document = QPDFDocument(file: file), !document.unreadable {
                result = StreamIntegrity(document: document).check()
            }
            done.leave()
        }
    }

    func wait() { done.wait() }

    /// The background's findings, or the check run now on `document` when there was none.
    func findings(else document: QPDFDocument) -> [Finding] {
        done.wait()
        return result ?? StreamIntegrity(document: document).check()
    }
}
