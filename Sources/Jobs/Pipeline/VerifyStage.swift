import Import
import Diagnostics
import Foundation
import Prepress

/// Checks every output before anything can leave: boxes against the product, page count
/// against the report and the rules, nothing archived, the bytes themselves.
struct VerifyStage {
    var product: Product
    /// The interior is bound on the right (a right-to-left book): its boxes are mirrored.
    var bindsOnRight = false
    /// The files, and each file's checks, run side by side as the job's scheduler says.
    var scheduler = JobScheduler(threads: 1)
    /// Adds up the completeness check's time over the outputs, and the PDFs' text extraction.
    var completenessClock = CheckClock()
    var pageTextClock = CheckClock()

    /// `volumes`: a set's volumes, each interior proved to hold its own entries and each cover
    /// measured against its own interior.
    func run(_ outputs: [(kind: Order.Output, file: URL, pages: Int?)], interiorPages: Int,
             forbidden: [String], expected: ExpectedText? = nil, volumes: [Pipeline.VolumeRecord] = []) -> [Diagnostic] {
        let archived = ArchivedText(forbidden)
        let components = product.outputColour.components
        // A set's files one at a time (each still checked on the job's threads): they are checked
        // beside the EPUB's writing, which takes longer, and two volumes at once would hold
        // more memory than the volumes took to make.
        let perOutput = ParallelMap.map(outputs, threads: volumes.isEmpty ? scheduler.threads : 1) { output -> [Diagnostic] in
            let results: [Diagnostic]
            let name = output.file.lastPathComponent
            let volume = volumes.first { $0.interior == name || $0.cover == name }
            var expected = expected
            if let volume, expected != nil {
                let ids = Set(volume.entryIDs)
                expected?.entries.removeAll { !ids.contains($0.id) }
            }
            switch output.kind {
            case .interior:
                var expectations = VerificationExpectations(sheet: product.interiorSheet.bound(onRight: bindsOnRight), pageRules: product.pageRules,
                                                            outputComponents: components, pages: output.pages, archived: archived)
                expectations.apply(product)
                expectations.expectedText = expected
                expectations.completenessClock = completenessClock
                expectations.pageTextClock = pageTextClock
                results = PDFVerifier(expectations: expectations, thorough: false, threads: scheduler.checkThreads).verify(output.file)
            case .cover:
                var expectations = VerificationExpectations(sheet: product.coverSheet(pages: volume?.pages ?? interiorPages), outputComponents: components,
                                                            pages: 1, archived: archived)
                expectations.apply(product)
                expectations.maximumInkPercent = product.coverInkLimitPercent
                results = PDFVerifier(expectations: expectations, thorough: false).verify(output.file)
            case .epub:
                var expectations = VerificationExpectations(archived: archived)
                expectations.expectedText = expected
                expectations.completenessClock = completenessClock
                results = EPUBVerifier(expectations: expectations).verify(output.file)
            }
            return results.filter { $0.severity != .info }.map { finding in
                var location: [String] = [output.file.lastPathComponent]
                if let object = finding.object { location.append("object \(object)") }
                // A missing entry's words name the entry itself; other findings name an archive member.
                let entry = finding.carries(.textMissing) ? finding.entry : nil
                if let member = finding.entry, entry == nil { location.append(member) }
                return Diagnostic(severity: finding.severity, code: finding.code,
                                  message: "\(location.joined(separator: ", ")): \(finding.message)", entry: entry, page: finding.page,
                                  file: output.file.lastPathComponent)
            }
        }
        return perOutput.flatMap { $0 }
    }
}
