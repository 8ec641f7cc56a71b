import Foundation

/// Where a Cairo PDF becomes a press PDF: the product's output intent, boxes, dates, PDF/X
/// claim and, for a CMYK press, its inks (`PDFFinisher`). Both the interior and the cover pass
/// through here.
public enum PrintFinishing {
    /// Finishes `drawn` (as Cairo wrote it) into `finished` for `product`. `inkLimitPercent`:
    /// the total ink the drawing's colours may reach (the interior's or the cover's limit).
    public static func finish(_ drawn: URL, to finished: URL, sheet: SheetGeometry, product: Product, inkLimitPercent: Double?,
                              date: Date, title: String, structure: TaggedStructure? = nil) throws(PDFFinisher.Failure) {
        let profile = product.outputColour
        var colours: DeviceColourMap?
        if profile.isCMYK {
            colours = DeviceColourMap(cmykProfile: profile.data, intent: product.renderingIntent,
                                      blackPointCompensation: product.blackPointCompensation, inkLimitPercent: inkLimitPercent)
            guard colours != nil else {
                throw PDFFinisher.Failure(file: profile.name, message: "Little CMS cannot convert to this profile")
            }
        }
        var finisher = PDFFinisher(sheet: sheet,
                                   outputIntent: .init(profile: profile.data, components: profile.components, condition: profile.name),
                                   date: PDFFinisher.pdfDate(date), colours: colours)
        finisher.pdfx = product.pdfx
        finisher.title = title
        finisher.structure = structure
        try finisher.finish(drawn, to: finished)
    }
}
