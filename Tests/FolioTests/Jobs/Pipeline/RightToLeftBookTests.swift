import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// A book in a right-to-left language is bound on the right, with its furniture where its
/// readers' books have it (issue 35): rectos stand left, so their outside edge (the one that
/// bleeds on a product with no bleed in the gutter) and their folio are left, a verso's right;
/// the contents' page numbers are on the left; the cover's front is left of the spine; viewers
/// are told to show spreads right to left. An English book is the same book the usual way round.
@Suite(.serialized) struct RightToLeftBookTests {
    static let articles = [
        "he": "כל בני אדם נולדו בני חורין ושווים בערכם ובזכויותיהם. כולם חוננו בתבונה ובמצפון, לפיכך חובה עליהם לנהוג איש ברעהו ברוח של אחוה.",
        "en": "All human beings are born free and equal in dignity and rights. They are endowed with reason and conscience and should act towards one another in a spirit of brotherhood.",
    ]

    /// What pikepdf and poppler read: the viewer's direction, pages 1's and 2's trim and bleed
    /// edges, and where the words that stand alone at the top of a page (folios), the contents'
    /// page number and the cover's title are, as fractions of the page's width.
    static let reading = """
        import json, re, subprocess, sys, pikepdf
        interior, cover = sys.argv[1], sys.argv[2]
        with pikepdf.open(interior) as pdf:
            preferences = pdf.Root.get('/ViewerPreferences')
            direction = preferences.get('/Direction') if preferences is not None else None
            direction = str(direction) if direction is not None else None
            boxes = [[float(v) for v in list(page.TrimBox) + list(page.BleedBox)] for page in list(pdf.pages)[:2]]
        def words(pdf, first, last):
            out = subprocess.run(['pdftotext', '-bbox', '-f', str(first), '-l', str(last), pdf, '-'],
                                 capture_output=True, text=True).stdout
            pages = out.split('<page ')[1:]
            found = []
            for page in pages:
                width = float(re.search(r'width="([\\d.]+)"', page).group(1))
                found.append([(float(a) / width, float(b), t) for a, b, t in
                              re.findall(r'<word xMin="([\\d.]+)" yMin="([\\d.]+)"[^>]*>(.*?)</word>', page)])
            return found
        folios = {str(n): min((x for x, y, t in page if t == str(n) and y < 60), default=None)
                  for n, page in zip((6, 7), words(interior, 6, 7))}
        contents = min((x for x, y, t in words(interior, 3, 3)[0] if t == '5'), default=None)
        title = min((x for x, y, t in words(cover, 1, 1)[0] if 'Year' in t), default=None)
        print(json.dumps({'direction': direction, 'boxes': boxes, 'folios': folios, 'contents': contents, 'title': title}))
        """

    @Test(arguments: ["he", "en"])
    func aRightToLeftBookIsBoundOnTheRight(_ tag: String) throws {
        let article = try #require(Self.articles[tag])
        let workspace = try Workspace()
        let text = Array(repeating: article, count: 40).joined(separator: "\n\n")
        try workspace.writeExport("udhr", journal: Sample.journal([Sample.entry("a-1", "2024-05-01T09:00:00Z", text: text)]))
        // KDP bleeds only on the outside, top and bottom: the side that bleeds says which is outside.
        let order = Sample.order(id: "bound-\(tag)", export: "udhr", language: tag, outputs: ["interior", "cover"],
                                 extra: ["product": "kdp-a5-paperback"])
        let (report, folder) = try workspace.render(order)
        #expect(report.status == .done, "\(tag): \(String(describing: report.error))")
        // The operator is told, to tell the printer.
        #expect(report.preflight.contains { $0.code == "bound-on-the-right" && $0.severity == .info } == (tag == "he"), "\(report.preflight)")
        let run = try Tool.run("python3", ["-c", Self.reading, folder.appendingPathComponent("interior.pdf").path,
                                           folder.appendingPathComponent("cover.pdf").path])
        let found = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.errors)")
        let right = tag == "he"
        #expect((found["direction"] as? String) == (right ? "/R2L" : nil), "\(found)")
        let boxes = try #require(found["boxes"] as? [[Double]])
        #expect(boxes.count == 2)
        for (index, box) in boxes.enumerated() {
            // [trim x0, y0, x1, y1, bleed x0, y0, x1, y1]: page 1 is a recto, page 2 a verso.
            let bleedsLeft = box[4] < box[0] - 1, bleedsRight = box[6] > box[2] + 1
            let outsideLeft = (index == 0) == right
            #expect(bleedsLeft == outsideLeft && bleedsRight == !outsideLeft, "\(tag) page \(index + 1): \(box)")
        }
        let folios = try #require(found["folios"] as? [String: Double], "\(found)")
        // Page 6 is a verso, page 7 a recto: each folio on its page's outside edge.
        #expect((try #require(folios["6"]) > 0.5) == right, "\(tag): \(folios)")
        #expect((try #require(folios["7"]) < 0.5) == right, "\(tag): \(folios)")
        #expect((try #require(found["contents"] as? Double) < 0.5) == right, "\(tag): the contents' page number at \(found)")
        #expect((try #require(found["title"] as? Double) < 0.5) == right, "\(tag): the cover's front at \(found)")
    }
}
