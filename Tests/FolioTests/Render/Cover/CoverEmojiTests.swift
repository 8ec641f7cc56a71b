import Foundation
import FolioTestSupport
import Testing
@testable import Jobs
@testable import Prepress
@testable import Render

/// Emoji in a book's title (issue 35) print in colour on the cover's art: each is a picture of
/// the art with the emoji on it, at 300 ppi, in the product's colour and without transparency
/// (PDF/X-1a), its code points in the text; the front looks as the cover picture (drawn on an
/// image, with the emoji's own transparency) shows it, with no box of paper around an emoji.
@Suite(.serialized) struct CoverEmojiTests {
    @Test(arguments: ["a5-softcover", "ingramspark-a5-paperback"])
    func anEmojiInTheTitleIsPrintedOnTheArt(_ productID: String) throws {
        let workspace = try Workspace()
        try workspace.writeExport("summer", journal: Sample.journal([Sample.entry("e1", "2025-07-03T10:00:00Z")]))
        var order = Sample.order(id: "summer", export: "summer", outputs: ["interior", "cover"], extra: ["product": productID])
        var book = try #require(order["book"] as? [String: Any])
        book["title"] = "Summer 🔥🍀"
        book["cover"] = ["preset": "night"]
        order["book"] = book
        let (report, folder) = try workspace.render(order)
        #expect(report.status == .done, "\(String(describing: report.error))")
        let cover = folder.appendingPathComponent("cover.pdf")
        let listed = try Tool.run("pdfimages", ["-list", cover.path]).output.split(separator: "\n").dropFirst(2)
        #expect(listed.count == 2, "\(listed)")
        let colour = productID == "a5-softcover" ? " rgb " : " cmyk "
        for row in listed {
            let fields = row.split(separator: " ", omittingEmptySubsequences: true)
            #expect(row.contains(colour) && !row.contains("smask") && fields.count > 12 && (Int(fields[12]) ?? 0) >= 300, "\(row)")
        }
        let text = try Tool.pdfText(cover).joined()
        #expect(text.contains("🔥") && text.contains("🍀"), "\(text)")

        // The front, read back at one pixel a point, against the cover picture of the same
        // front: the emoji stand on the night sky, not on paper.
        let product = try workspace.config.product(productID)
        let (w, h, b) = (product.geometry.trimWidth, product.geometry.trimHeight, product.geometry.bleed)
        let pages = try #require(report.outputs.first { $0.kind == "interior" }?.pages)
        let frontX = b + w + product.spineWidth(pages: pages)
        let prefix = workspace.root.appendingPathComponent("front")
        #expect(try Tool.run("pdftoppm", ["-png", "-r", "72", "-x", String(Int(frontX.rounded())), "-y", String(Int(b.rounded())),
                                          "-W", String(Int(w)), "-H", String(Int(h)), "-singlefile", cover.path, prefix.path]).status == 0)
        let printed = try ImageGrid.load(prefix.appendingPathExtension("png"), size: 48)
        let content = CoverContent(preset: .night, title: "Summer 🔥🍀", subtitle: nil, author: "Anna K.", language: .english,
                                   photo: nil, seed: CoverContent.seed("summer"))
        let reference = workspace.root.appendingPathComponent("reference.png")
        try CoverRenderer(product: product).renderPicture(content, pixelWidth: Int(w), png: true).write(to: reference)
        let drawn = try ImageGrid.load(reference, size: 48)
        let difference = printed.deltaE(drawn)
        // Resampling and type leave about 15; an emoji on a box of paper, 94.
        #expect(difference.max < 30, "the printed front differs from its picture by ΔE \(difference)")
    }
}
