import Foundation

/// What the interior's structure tree costs in bytes: the same file written with and without it
/// by one writer (`scripts/structure_bytes.py`, pikepdf), so the writers' own habits cancel.
struct StructureBytes: Decodable {
    var tagged: Int
    var untagged: Int
    /// The tree's bytes as a share of the untagged file, in per cent.
    var sharePercent: Double

    enum CodingKeys: String, CodingKey {
        case tagged, untagged
        case sharePercent = "share_percent"
    }

    static func measure(_ interior: URL, configFile: URL) throws(BenchError) -> StructureBytes {
        let script = BenchScript.beside(configFile: configFile, "structure_bytes.py")
        let data = try BenchScript.output(script, [interior.path])
        do {
            return try JSONDecoder().decode(StructureBytes.self, from: data)
        } catch {
            throw BenchError("\(script.lastPathComponent) printed what is not its figures: \(error)")
        }
    }
}
