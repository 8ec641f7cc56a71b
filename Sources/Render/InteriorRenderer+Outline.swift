extension InteriorRenderer.Plan {
    /// The PDF's bookmarks: each chapter, and under it each entry at its head.
    func addOutline(_ book: Book, on canvas: PDFCanvas) {
        for (index, chapter) in book.chapters.enumerated() {
            let parent = canvas.addOutline(parent: 0, title: book.language.chapterTitle(year: chapter.year, month: chapter.month),
                                           page: layout.chapterPages[index], y: 0)
            for entry in chapter.entries {
                guard let location = layout.entryLocations[entry.id] else { continue }
                var title = book.language.entryDate(entry.local)
                if let heading = entry.title, !heading.isEmpty { title += " — " + heading }
                canvas.addOutline(parent: parent, title: title, page: location.page, y: frame.top + location.y)
            }
        }
    }
}
