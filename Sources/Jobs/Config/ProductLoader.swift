import Import
import Diagnostics
import Foundation
import Prepress

/// Reads `config/products/ID.json` into Prepress's `Product`.
enum ProductLoader {
    static func load(_ file: URL, id: String) throws(InputError) -> Product {
        try loadWithReview(file, id: id).product
    }

    /// The product and its `review` policy, which is Folio's, not the book's.
    static func loadWithReview(_ file: URL, id: String) throws(InputError) -> (product: Product, review: ReviewPolicy) {
        let shown = file.path
        let issues = IssueList(file: shown)
        guard var reader = ObjectReader(try JSONValue.load(file, shownAs: shown), path: "", issues: issues) else {
            throw InputError(issues.issues)
        }
        let name = reader.string("name")
        var trimWidth: Double?, trimHeight: Double?
        if var trim = reader.object("trim_mm") {
            trimWidth = trim.number("width", in: 50...1000)
            trimHeight = trim.number("height", in: 50...1000)
            trim.rejectUnknownKeys()
        }
        let bleed = reader.number("bleed_mm", in: 0...20)
        let safety = reader.number("safety_mm", in: 0...50)
        let binding = reader.choice("binding", from: Product.Binding.allCases.map(\.rawValue))
        // The spine: pages × caliper + allowance, in millimetres, or a service's own formula in
        // inches (`"spine": {"per_page_in": 0.002252, "plus_in": 0}`).
        var caliper: Double?, allowance = 0.0
        if var spine = reader.object("spine", required: false) {
            let perPage = spine.number("per_page_in", in: 0.0001...0.05)
            let plus = spine.number("plus_in", required: false, in: 0...2) ?? 0
            spine.rejectUnknownKeys()
            caliper = perPage.map { $0 * 25.4 }
            allowance = plus * 25.4
        } else {
            caliper = reader.number("paper_caliper_mm", in: 0.01...2)
            allowance = reader.number("spine_allowance_mm", required: false, in: 0...20) ?? 0
        }
        var barcode: Product.BarcodeZone?
        if var zone = reader.object("barcode_zone", required: false) {
            let width = zone.number("width_in", in: 0.5...6), height = zone.number("height_in", in: 0.5...6)
            let fromSpine = zone.number("from_spine_in", in: 0...4), fromBottom = zone.number("from_bottom_in", in: 0...4)
            zone.rejectUnknownKeys()
            if let width, let height, let fromSpine, let fromBottom {
                barcode = .init(width: width * 72, height: height * 72, fromSpine: fromSpine * 72, fromBottom: fromBottom * 72)
            }
        }
        let spineTextMin = reader.number("spine_text_min_mm", required: false, in: 0...100) ?? 6
        var rules: Product.PageRules?
        if var pages = reader.object("pages") {
            let minimum = pages.integer("min", in: 1...10_000)
            let maximum = pages.integer("max", in: 1...10_000)
            let multiple = pages.integer("multiple", in: 1...64)
            pages.rejectUnknownKeys()
            if let minimum, let maximum, let multiple {
                if minimum > maximum {
                    issues.add(.invalidValue, "pages", "min (\(minimum)) is greater than max (\(maximum))")
                } else {
                    rules = Product.PageRules(minimum: minimum, maximum: maximum, multiple: multiple)
                }
            }
        }
        let profile = reader.string("output_profile")
        let minimumPPI = reader.number("min_image_ppi", in: 50...1200)
        let quality = reader.integer("jpeg_quality", required: false, in: 50...100) ?? 90
        let intent = reader.choice("rendering_intent", required: false,
                                   from: ColourConverter.Intent.allCases.map(\.rawValue)).flatMap(ColourConverter.Intent.init)
        let blackPoint = reader.bool("black_point_compensation", required: false)
        let megapixels = reader.integer("max_image_megapixels", required: false, in: 1...1000)
        let cropMarks = reader.bool("crop_marks", required: false)
        let marginKerning = reader.bool("margin_kerning", required: false)
        let glyphExpansion = reader.number("glyph_expansion", required: false, in: 0...2)
        if let glyphExpansion, (glyphExpansion * 2).rounded() != glyphExpansion * 2 {
            issues.add(.invalidValue, "glyph_expansion", "expected a multiple of 0.5, got \(glyphExpansion)")
        }
        let typefaces = reader.stringMap("typefaces", required: false) ?? [:]
        for role in typefaces.keys.sorted() where !["serif", "sans", "mono"].contains(role) {
            issues.add(.unknownKey, "typefaces.\(role)", "expected serif, sans or mono")
        }
        var bleedEdges: Set<SheetGeometry.Edge>?
        if let edges = reader.array("bleed_edges", required: false) {
            bleedEdges = []
            for (index, edge) in edges.enumerated() {
                guard case .string(let name) = edge, let value = SheetGeometry.Edge(rawValue: name) else {
                    issues.add(.invalidValue, "bleed_edges[\(index)]", "expected \"top\", \"bottom\", \"outside\" or \"inside\"")
                    continue
                }
                bleedEdges?.insert(value)
            }
        }
        let review = reader.choice("review", required: false, from: ReviewPolicy.names).flatMap(ReviewPolicy.init) ?? .never
        let pdfx = reader.choice("pdfx", required: false, from: PDFXStandard.allCases.map(\.rawValue)).flatMap(PDFXStandard.init)
        let maximumInk = reader.number("max_ink_percent", required: false, in: 100...400)
        let coverMaximumInk = reader.number("cover_max_ink_percent", required: false, in: 100...400)
        let inkSeverity = reader.choice("ink_limit_severity", required: false, from: ["error", "warning"])
        reader.rejectUnknownKeys()
        if let binding, binding == Product.Binding.saddleStitch.rawValue, let rules, rules.multiple % 4 != 0 {
            issues.add(.invalidValue, "pages.multiple", "a saddle-stitched book needs a multiple of 4, got \(rules.multiple)")
        }
        try issues.check()
        guard let name, let trimWidth, let trimHeight, let bleed, let safety, let binding,
              let bindingValue = Product.Binding(rawValue: binding), let caliper, let rules, let profile,
              let minimumPPI else { throw InputError(issues.issues) }
        let outputColour: ICCProfile.Output
        do {
            // Products live in `config/products/`; profile paths are relative to `config/`.
            outputColour = try ICCProfile.load(profile, relativeTo: file.deletingLastPathComponent().deletingLastPathComponent())
        } catch {
            // The shipped FOGRA39 profile is built, not committed: say how to get it.
            let hint = profile.hasSuffix("FOGRA39.icc") ? " (scripts/build-profiles.sh builds it; make demo and make test run it)" : ""
            throw InputError([Diagnostic(code: .invalidValue, file: shown, path: "output_profile", message: error.description + hint)])
        }
        var product = Product(id: id, name: name, trimWidthMM: trimWidth, trimHeightMM: trimHeight, bleedMM: bleed,
                              safetyMM: safety, binding: bindingValue, paperCaliperMM: caliper,
                              spineAllowanceMM: allowance, spineTextMinimumMM: spineTextMin, pageRules: rules,
                              outputProfile: profile, outputColour: outputColour, minimumImagePPI: minimumPPI,
                              jpegQuality: quality)
        if let intent { product.renderingIntent = intent }
        if let blackPoint { product.blackPointCompensation = blackPoint }
        if let megapixels { product.maximumImagePixels = megapixels * 1_000_000 }
        if let cropMarks { product.cropMarks = cropMarks }
        if let marginKerning { product.marginKerning = marginKerning }
        if let glyphExpansion { product.glyphExpansionPercent = glyphExpansion }
        product.typefaces = typefaces
        if let bleedEdges { product.bleedEdges = bleedEdges }
        product.barcodeZone = barcode
        if let pdfx {
            guard !pdfx.needsCMYKIntent || outputColour.isCMYK else {
                throw InputError([Diagnostic(code: .invalidValue, file: shown, path: "pdfx",
                                             message: "PDF/\(pdfx.rawValue) prints on a CMYK press: output_profile must be a CMYK profile, not \(profile)")])
            }
            product.pdfx = pdfx
        }
        if let maximumInk {
            guard outputColour.isCMYK else {
                throw InputError([Diagnostic(code: .invalidValue, file: shown, path: "max_ink_percent",
                                             message: "an ink limit needs a CMYK output_profile, not \(profile)")])
            }
            product.maximumInkPercent = maximumInk
            product.coverMaximumInkPercent = coverMaximumInk
            product.inkLimitIsError = inkSeverity == "error"
        } else if outputColour.isCMYK {
            // Every press has a limit; a CMYK product that names none would send any photo's ink.
            throw InputError([Diagnostic(code: .missingKey, file: shown, path: "max_ink_percent",
                                         message: "a CMYK product must give its press's total ink limit, e.g. \"max_ink_percent\": 300 (\(profile))")])
        }
        return (product, review)
    }
}
