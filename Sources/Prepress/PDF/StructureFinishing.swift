/// Completes the structure tree Cairo 1.16 writes, as PDF/UA asks: the document's `/Lang`, each
/// figure's `/Alt`, each table header cell's column scope (a GFM table's header is its first
/// row), the title shown in a viewer's title bar, and every unmarked mark on the pages declared
/// an artifact (`ArtifactMarking`). Cairo 1.16 can write none of these. A drawing without a
/// tree is left alone.
struct StructureFinishing {
    let document: QPDFDocument
    let structure: TaggedStructure

    func run() {
        guard let tree = StructureTree(document) else { return }
        let root = document.root
        document.set("/Lang", of: root, to: document.newText(structure.language))
        document.set("/MarkInfo", of: root, to: document.parse("<< /Marked true >>"))
        document.set("/ViewerPreferences", of: root, to: document.parse("<< /DisplayDocTitle true >>"))
        let figures = tree.elements.filter { $0.role == "Figure" }
        for (figure, alternate) in zip(figures, structure.figureAlternates) {
            document.set("/Alt", of: figure.object, to: document.newText(alternate))
        }
        for header in tree.elements where header.role == "TH" {
            document.set("/A", of: header.object, to: document.parse("<< /O /Table /Scope /Column >>"))
        }
        for index in 0..<document.pageCount {
            guard let contents = document.key(document.page(index), "/Contents") else { continue }
            for stream in document.isStream(contents) ? [contents] : document.array(contents) {
                guard let bytes = document.streamData(stream), let wrapped = ArtifactMarking.wrap(bytes) else { continue }
                document.replaceData(of: stream, with: wrapped)
            }
        }
    }
}
