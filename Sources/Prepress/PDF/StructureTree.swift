/// A tagged PDF's structure tree as qpdf reads it: every element in document order (the order
/// a reader of the tree meets them), with its role, its depth and the marked content it holds
/// itself, as (page, MCID) pairs.
struct StructureTree {
    struct Element {
        var object: PDFObject
        /// `/S`: `Sect`, `P`, `H2`, `Figure`… without the slash.
        var role: String
        /// 0 for the tree root's children.
        var depth: Int
        /// Marked content this element holds itself, in order: page index and MCID.
        var content: [(page: Int, mcid: Int)]
    }

    /// Deeper than any tree Folio writes; a file nesting further is read no deeper.
    static let maximumDepth = 64

    private(set) var elements: [Element] = []
    private let document: QPDFDocument
    private var pages: [Int: Int] = [:]
    private var visited: Set<Int> = []

    /// Nil when the file has no structure tree.
    init?(_ document: QPDFDocument) {
        guard let root = document.key(document.root, "/StructTreeRoot"), let kids = document.key(root, "/K") else { return nil }
        self.document = document
        for index in 0..<document.pageCount {
            if let number = document.objectNumber(document.page(index)) { pages[number] = index }
        }
        visit(kids, depth: 0, page: nil, owner: nil)
    }

    /// The elements of `role` and, for each, the elements inside it (itself first).
    func groups(_ role: String) -> [ArraySlice<Element>] {
        var result: [ArraySlice<Element>] = []
        var index = 0
        while index < elements.count {
            guard elements[index].role == role else {
                index += 1
                continue
            }
            var end = index + 1
            while end < elements.count, elements[end].depth > elements[index].depth { end += 1 }
            result.append(elements[index..<end])
            index = end
        }
        return result
    }

    private func pageIndex(_ object: PDFObject?) -> Int? {
        object.flatMap(document.objectNumber).flatMap { pages[$0] }
    }

    /// `kid` is an element, an array of kids, a marked-content reference or an MCID.
    /// `owner`: the element whose kid this is (the index of it in `elements`).
    private mutating func visit(_ kid: PDFObject, depth: Int, page: Int?, owner: Int?) {
        guard depth < Self.maximumDepth else { return }
        if document.isArray(kid) {
            for item in document.array(kid) { visit(item, depth: depth, page: page, owner: owner) }
            return
        }
        if let mcid = document.number(kid) {
            if let page, let owner { elements[owner].content.append((page, Int(mcid))) }
            return
        }
        guard document.isDictionary(kid) else { return }
        let type = document.key(kid, "/Type").flatMap(document.name)
        if type == "/MCR" || (document.key(kid, "/S") == nil && document.key(kid, "/MCID") != nil) {
            let onPage = pageIndex(document.key(kid, "/Pg")) ?? page
            if let onPage, let owner, let mcid = document.key(kid, "/MCID").flatMap(document.number) {
                elements[owner].content.append((onPage, Int(mcid)))
            }
            return
        }
        // An object reference (an annotation) holds no text of its own.
        if type == "/OBJR" { return }
        guard let role = document.key(kid, "/S").flatMap(document.name) else { return }
        if let number = document.objectNumber(kid) {
            guard visited.insert(number).inserted else { return }
        }
        elements.append(Element(object: kid, role: String(role.dropFirst()), depth: depth, content: []))
        if let kids = document.key(kid, "/K") {
            visit(kids, depth: depth + 1, page: pageIndex(document.key(kid, "/Pg")) ?? page, owner: elements.count - 1)
        }
    }
}
