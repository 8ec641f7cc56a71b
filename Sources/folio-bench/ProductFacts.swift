import Foundation
import Jobs
import Prepress
import Render

/// What of a product the floors must match: Folio's JPEG quality and print colour, and the body
/// text's face, size, leading and measure.
struct ProductFacts {
    var id: String
    var outputCondition: String
    var printsCMYK: Bool
    var jpegQuality: Int
    /// Folio embeds sRGB in every sRGB JPEG it writes; so does the floor's encoder.
    var sRGBProfile: Data
    /// A Pango font description of the body text, such as `Inter 11.3`.
    var bodyFont: String
    var bodyFamily: String
    var bodySize: Double
    var firstLineIndent: Double
    var trimHeight: Double
    var lineSpacing: Double
    /// The body text's width in points: the trim less TextFrame's side margins of 50 pt.
    var measure: Double

    init(product id: String, config: FolioConfig) throws(BenchError) {
        let product: Product
        do {
            product = try config.product(id)
            sRGBProfile = try ICCProfile.sRGB()
        } catch {
            throw BenchError("cannot read product \"\(id)\" from \(config.productFile(id).path): \(error)")
        }
        let typography = Typography(product: product)
        self.id = id
        outputCondition = product.outputColour.name
        printsCMYK = product.printsCMYK
        jpegQuality = product.jpegQuality
        bodyFont = "\(typography.sansFamily) \(typography.bodySize)"
        bodyFamily = typography.sansFamily
        bodySize = typography.bodySize
        firstLineIndent = typography.firstLineIndent
        trimHeight = product.geometry.trimHeight
        lineSpacing = typography.lineHeightFactor
        measure = product.geometry.trimWidth - 2 * 50
    }
}
