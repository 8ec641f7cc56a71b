/// PDF/UA wants every mark on a page either in the structure tree or declared an artifact.
/// Cairo 1.16 marks only what is drawn inside a leaf element and has no way to say "artifact":
/// running heads, folios, rules, crop marks and the title page come out unmarked. This wraps
/// each unmarked text object, painted path, image or shading of a page's content in
/// `/Artifact BMC … EMC`. Each wrapped unit is whole (a `BT … ET`, a path with its painting
/// operator, one `Do`), so no marked sequence crosses a text object or a `q … Q`.
enum ArtifactMarking {
    private static let pathStarts: Set<String> = ["m", "re"]
    private static let pathEnds: Set<String> = ["S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n"]
    private static let single: Set<String> = ["Do", "sh"]

    /// The content with its unmarked units wrapped; nil when it has none.
    static func wrap(_ bytes: [UInt8]) -> [UInt8]? {
        var units: [Range<Int>] = []
        var tokens = ContentTokenizer(bytes: bytes)
        var marked = 0
        // Where the operands of the next operator begin.
        var operandsStart: Int?
        // The unit open now (a text object, an inline image, a path being built), and whether
        // marked content opened inside it: then it is left as it is, not being wholly unmarked.
        var unit: (start: Int, isPath: Bool)?
        var mixed = false
        func begin(_ start: Int, path: Bool) {
            guard marked == 0, unit == nil else { return }
            unit = (start, path)
            mixed = false
        }
        func end(path: Bool, at end: Int) {
            guard let open = unit, open.isPath == path else { return }
            if !mixed { units.append(open.start..<end) }
            unit = nil
        }
        while let token = tokens.next() {
            guard case .operator(let op) = token else {
                if operandsStart == nil { operandsStart = tokens.tokenStart }
                continue
            }
            let start = operandsStart ?? tokens.tokenStart
            operandsStart = nil
            switch op {
            case "BDC", "BMC":
                marked += 1
                if unit != nil { mixed = true }
            case "EMC": marked = max(0, marked - 1)
            case "BT", "BI": begin(start, path: false)
            case "ET", "EI": end(path: false, at: tokens.index)
            case _ where pathStarts.contains(op): begin(start, path: true)
            case _ where pathEnds.contains(op): end(path: true, at: tokens.index)
            case _ where single.contains(op):
                if marked == 0, unit == nil { units.append(start..<tokens.index) }
            default: break
            }
        }
        guard !units.isEmpty else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + units.count * 20)
        var copied = 0
        for unit in units {
            output += bytes[copied..<unit.lowerBound]
            output += Array("/Artifact BMC\n".utf8)
            output += bytes[unit]
            output += Array("\nEMC".utf8)
            copied = unit.upperBound
        }
        output += bytes[copied...]
        return output
    }
}
