/// Rows of cells printed in aligned columns: the first column left-aligned, the others right.
struct TextTable {
    var header: [String]
    var rows: [[String]] = []

    init(_ header: [String]) {
        self.header = header
    }

    mutating func add(_ row: [String]) {
        rows.append(row)
    }

    var lines: [String] {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: max(0, widths[column] - cell.count))
                return column == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }
    }
}
