import Diagnostics
import Foundation
import Prepress

/// Paints the interior's page frames on a PDF canvas or a picture, and opens the structure tree
/// around what it draws. Reads the frames only: it decides nothing about what goes where, and
/// never sees a Pango paragraph.
struct InteriorPainter {
    let canvas: PageSurface
    let photos: PhotoPainter
    let cover: CoverArtist
    let sheet: SheetGeometry
    /// The structure tree the PDF is tagged with; untagged (pictures of pages) unless given.
    var tags = StructureTags(drawing: nil)

    private var drawing: any Drawing { canvas.drawing }

    /// Paints each frame as a page; returns what the photos reported (placeholders, low resolution).
    func paint(_ frames: some Sequence<PageFrame>) throws(RenderError) -> [Diagnostic] {
        var notices: [Diagnostic] = []
        for frame in frames {
            canvas.beginPage(frame.number, of: sheet)
            drawing.setGray(0)
            for item in frame.items { notices += paint(item, page: frame.number) }
            notices += Self.missingGlyphs(on: frame)
            canvas.endPage(frame.number, of: sheet)
            try canvas.check("drawing page \(frame.number)")
        }
        tags.closeAll()
        return notices
    }

    private func paint(_ item: FrameItem, page: Int) -> [Diagnostic] {
        switch item.opens {
        case .section?: tags.closeAll()
        case .entry?: tags.beginEntry()
        case nil: break
        }
        switch item.content {
        case .cover:
            // The title page is the front cover, drawn by the same drawCover as cover.pdf: an
            // artifact (the title is the document's own).
            let bleed = sheet.bleed
            let trim = Rect(x: bleed, y: bleed, width: sheet.trimWidth, height: sheet.trimHeight)
            return cover.drawCover(on: drawing, trim: trim, bleed: bleed, embedPhotoAsJPEG: canvas.embedsJPEG).map { [$0] } ?? []
        case .text(let lines, let heading):
            tags.leaveGroups()
            if let heading {
                tags.heading(heading) { draw(lines) }
            } else {
                tags.leaf("P") { draw(lines) }
            }
        case .listItem(let label, let body):
            tags.enter("L")
            tags.group("LI") {
                if let label { tags.leaf("Lbl") { draw([label]) } }
                tags.leaf("LBody") { draw(body) }
            }
        case .tableRow(let cells, let header, let startsTable, let rule):
            tags.enter("Table", fresh: startsTable)
            tags.group("TR") {
                for cell in cells { tags.leaf(header ? "TH" : "TD") { draw(cell) } }
                fill(rule)
            }
        case .photos(let row):
            tags.leaveGroups()
            var notices: [Diagnostic] = []
            for placed in row {
                tags.figure(alternate: placed.alternate) {
                    notices += photos.paint(placed.cell, left: placed.left, top: placed.top, page: page)
                }
                if !placed.caption.isEmpty { tags.leaf("P") { draw(placed.caption) } }
            }
            return notices
        case .rule(let box):
            tags.leaveGroups()
            fill(box)
        case .contentsLine(let lines):
            tags.enter("TOC")
            tags.leaf("TOCI") { draw(lines) }
        case .runningHead(let line):
            // Drawn while only the entry's section is open: unmarked, so an artifact.
            draw([line])
        }
        return []
    }

    /// A `missing-glyphs` finding for each entry with characters no installed font has on the
    /// page, naming them.
    static func missingGlyphs(on frame: PageFrame) -> [Diagnostic] {
        var entries: [String?] = []
        var characters: [String?: [UInt32]] = [:]
        for item in frame.items {
            let missing = item.missingCharacters
            guard !missing.isEmpty else { continue }
            if characters[item.entry] == nil { entries.append(item.entry) }
            characters[item.entry, default: []] += missing
        }
        return entries.map { entry in
            let found = characters[entry] ?? []
            var named: [String] = []
            for value in found where !named.contains(Self.name(value)) { named.append(Self.name(value)) }
            return Diagnostic(code: .missingGlyphs,
                              message: "\(found.count) character\(found.count == 1 ? "" : "s") with no glyph in any installed font, printed as boxes (an emoji left blank): "
                                  + named.prefix(8).joined(separator: ", ") + (named.count > 8 ? "…" : ""),
                              entry: entry, page: frame.number)
        }
    }

    private static func name(_ value: UInt32) -> String { String(format: "U+%04X", value) }

    private func draw(_ lines: [PlacedLine]) {
        for placed in lines { drawing.draw(placed.line, left: placed.left, top: placed.top) }
    }

    private func fill(_ box: Rect) {
        drawing.fillRectangle(x: box.x, y: box.y, width: box.width, height: box.height)
    }
}

/// Spacing of the contents pages, shared by the layout (how many lines fit) and the frames.
enum ContentsMetrics {
    static let gapAfterTitle = 24.0
    static let titleAllowance = 40.0 + 30.0 + gapAfterTitle
}
