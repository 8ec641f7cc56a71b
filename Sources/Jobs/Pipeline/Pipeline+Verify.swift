import Import
import Diagnostics
import Document
import Foundation
import Prepress

/// The verify stage: every file checked and its digest taken; a file that failed verification
/// never reaches a printer.
extension Pipeline {
    func verify(_ book: RenderedBook, printed: VerifyStage.PrintCheck, verifier: VerifyStage, resolved: ResolvedBook,
                report: inout JobReport) throws {
        let verifyStart = ContinuousClock.now
        MemoryReuse.giveBackFreed()
        let electronic = verifier.run(book.files.filter { $0.kind == .epub }, interiorPages: book.interiorPages,
                                      forbidden: resolved.forbiddenText, expected: resolved.expectedText)
        for output in book.files {
            let digest = try SHA256.hex(ofFile: output.file)
            report.outputs.append(.init(kind: output.kind.rawValue, file: output.file.lastPathComponent, bytes: digest.bytes,
                                        sha256: digest.digest, pages: output.pages))
        }
        if !book.volumes.isEmpty {
            func day(_ local: LocalDateTime?) -> String? { local.map { String(format: "%04d-%02d-%02d", $0.year, $0.month, $0.day) } }
            report.volumes = book.volumes.map { volume in
                VolumeReport(number: volume.number, of: volume.count, pages: volume.pages, firstDay: day(volume.firstDay), lastDay: day(volume.lastDay),
                             entries: volume.entryIDs.count,
                             outputs: report.outputs.filter { $0.file == volume.interior || $0.file == volume.cover })
            }
        }
        report.preflight += printed.findings + electronic
        let verifyEnd = ContinuousClock.now
        // `verify` is what verification adds to the job's wall time: the checks after the last
        // file was written, and the PDFs' checks only as far as they outran the EPUB's writing.
        // `verify_checks` is the checks' own time, wherever they ran.
        let outran = printed.end > book.end ? printed.end - max(book.end, printed.start) : .zero
        report.timingsMS["verify"] = StageClock.milliseconds(outran + (verifyEnd - verifyStart))
        report.timingsMS["verify_checks"] = StageClock.milliseconds((printed.end - printed.start) + (verifyEnd - verifyStart))
        // The completeness check's own time, wherever it ran (it overlaps the EPUB's writing).
        report.timingsMS["verify_completeness"] = StageClock.milliseconds(verifier.completenessClock.elapsed)
        report.timingsMS["verify_page_text"] = StageClock.milliseconds(verifier.pageTextClock.elapsed)
        report.timingsMS["upload"] = 0  // until something is sent
        let errors = report.preflight.filter { $0.severity == .error }
        if !errors.isEmpty {
            throw JobError.failed(code: .verificationFailed,
                                  message: "\(errors.count) verification error\(errors.count == 1 ? "" : "s"); nothing is delivered: "
                                      + errors.prefix(3).map { "\($0.code) \($0.message)" }.joined(separator: "; "))
        }
    }
}

extension VerifyStage {
    /// The print files' findings and when their checks ran (beside the EPUB's writing).
    struct PrintCheck {
        var findings: [Diagnostic]
        var start: ContinuousClock.Instant
        var end: ContinuousClock.Instant
    }

    func checkPrint(_ book: Pipeline.RenderingBook, resolved: ResolvedBook) -> PrintCheck {
        let start = ContinuousClock.now
        let findings = run(book.print, interiorPages: book.interiorPages, forbidden: resolved.forbiddenText, expected: resolved.expectedText,
                           volumes: book.volumes)
        return PrintCheck(findings: findings, start: start, end: .now)
    }
}
