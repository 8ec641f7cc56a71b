import Diagnostics
import Foundation
import Prepress
import Render

/// The cover spread, finished for print like the interior: its spine follows the interior's
/// final, padded page count.
struct CoverStage {
    var product: Product

    struct Result: Sendable {
        var file: URL
        var spread: CoverRenderer.Spread
    }

    /// `name`: `cover.pdf`, or a volume's `cover-N.pdf`.
    func run(_ content: CoverContent, pages: Int, contentDate: Date, photos: PhotoPool, into folder: URL,
             name: String = "cover.pdf") throws(JobError) -> Result {
        let (file, spread) = try PrintFinishing.produce(name, in: folder, product: product, inkLimitPercent: product.coverInkLimitPercent,
                                                       date: contentDate, title: content.title, sheet: \.sheet) { drawn throws(RenderError) in
            try CoverRenderer(product: product).renderSpread(content, pages: pages, photos: photos, to: drawn)
        }
        return Result(file: file, spread: spread)
    }
}
