import Import
import Diagnostics
import Foundation
import Prepress
import Render

/// Everything a job reads before it works: the order, its product and destination, and the
/// export's journal. Loading reports every problem in all of them at once.
struct JobInput {
    var order: Order
    var product: Product
    var destination: Destination
    var journal: Journal
    /// The stricter of the product's and the destination's `review`.
    var review: ReviewPolicy
    /// How the export was read: its format, whether it was detected, what could not be mapped.
    var imported: ImportedExport?

    /// What the covers show, from the order; the night sky is seeded by the order id.
    var coverContent: CoverContent {
        CoverContent(preset: CoverPreset(rawValue: order.coverPreset) ?? .paper, title: order.title, subtitle: order.subtitle,
                     author: order.author, language: order.language,
                     photo: order.coverPhoto.flatMap { try? ConfinedPath.resolve($0, under: journal.folder) },
                     seed: CoverContent.seed(order.id))
    }

    /// `scratch`: where a zipped export is unpacked (a folder of the job's); the caller removes it.
    static func load(orderData: Data, orderFile: String, config: FolioConfig, scratch: URL? = nil) throws(InputError) -> JobInput {
        let order = try Order.decode(orderData, file: orderFile)
        var issues: [Diagnostic] = []
        var product: Product?
        var productReview = ReviewPolicy.never
        var destination: Destination?
        if FileManager.default.fileExists(atPath: config.productFile(order.product).path) {
            do { (product, productReview) = try config.productWithReview(order.product) } catch { issues += error.issues }
        } else {
            issues.append(Diagnostic(code: .unknownReference, file: orderFile, path: "product",
                                     message: "no product \"\(order.product)\" (available: \(config.available("products").joined(separator: ", ")))"))
        }
        if FileManager.default.fileExists(atPath: config.destinationFile(order.destination).path) {
            do { destination = try config.destination(order.destination) } catch { issues += error.issues }
        } else {
            issues.append(Diagnostic(code: .unknownReference, file: orderFile, path: "destination",
                                     message: "no destination \"\(order.destination)\" (available: \(config.available("destinations").joined(separator: ", ")))"))
        }
        let (journal, imported, exportIssues) = readExport(order, orderFile: orderFile, config: config, scratch: scratch)
        issues += exportIssues
        if let journal, case .journal(let id) = order.scope, !journal.journals.contains(where: { $0.id == id }) {
            issues.append(Diagnostic(code: .unknownReference, file: orderFile, path: "book.scope.journal",
                                     message: "the export has no journal \"\(id)\" (it has: \(journal.journals.map(\.id).joined(separator: ", ")))"))
        }
        if let journal, let photo = order.coverPhoto {
            do { _ = try ConfinedPath.resolve(photo, under: journal.folder) } catch {
                issues.append(Diagnostic(code: .pathEscape, file: orderFile, path: "book.cover.photo", message: "\"\(photo)\": \(error)"))
            }
        }
        guard issues.isEmpty, let product, let destination, let journal else { throw InputError(issues) }

        return JobInput(order: order, product: product, destination: destination, journal: journal,
                        review: max(productReview, destination.review), imported: imported)
    }
}
