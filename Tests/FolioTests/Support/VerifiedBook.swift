import Diagnostics
import Foundation
import FolioTestSupport
@testable import Import
@testable import Jobs
@testable import Prepress
@testable import Render

/// An order's book made and verified as the pipeline does, with a hand in between: `mutate`
/// changes the imported journal as a faulty importer would, and the verification's findings
/// say whether the completeness check saw it.
struct VerifiedBook {
    var findings: [Diagnostic]
    var resolved: ResolvedBook
    var outputs: [(kind: Order.Output, file: URL, pages: Int?)]
    var interiorPages: Int
    var stage: VerifyStage

    init(_ workspace: Workspace, export: String, id: String, mutate: (inout Journal) -> Void = { _ in }) throws {
        let order = Sample.order(id: id, export: export, outputs: ["interior", "epub"])
        var input = try JobInput.load(orderData: try JSONSerialization.data(withJSONObject: order), orderFile: "\(id).json",
                                      config: try workspace.config)
        mutate(&input.journal)
        resolved = Resolver.resolve(order: input.order, journal: input.journal)
        let folder = workspace.jobs.appendingPathComponent("\(id)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let photos = try PhotoPool(product: input.product, scratch: folder.appendingPathComponent(".photos"))
        defer { photos.close() }
        let interior = try InteriorStage(product: input.product, thumbnails: false)
            .run(resolved.book, cover: input.coverContent, photos: photos, into: folder)
        let epub = try EPUBStage(product: input.product).run(resolved.book, cover: input.coverContent, orderID: id,
                                                             pageMarks: interior.pageMarks, photos: photos, into: folder)
        outputs = [(.interior, interior.file, interior.pages), (.epub, epub.file, nil)]
        interiorPages = interior.pages
        stage = VerifyStage(product: input.product)
        stage.bindsOnRight = resolved.book.bindsOnRight
        findings = stage.run(outputs, interiorPages: interior.pages, forbidden: [], expected: resolved.expectedText)
    }

    /// The same outputs verified against another expectation (a spec's reference text).
    func findings(expecting expected: ExpectedText) -> [Diagnostic] {
        stage.run(outputs, interiorPages: interiorPages, forbidden: [], expected: expected)
    }
}
