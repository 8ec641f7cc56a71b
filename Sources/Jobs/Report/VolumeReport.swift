/// One volume of a set in `report.json` (issue 37): its place, pages, days and entries, and
/// its files as `outputs` has them (bytes and digests).
public struct VolumeReport: Codable, Sendable, Equatable {
    public var number: Int
    public var of: Int
    public var pages: Int
    /// `YYYY-MM-DD`, the day of its first and last entry.
    public var firstDay: String?
    public var lastDay: String?
    public var entries: Int
    public var outputs: [JobReport.Output]

    enum CodingKeys: String, CodingKey {
        case number, of, pages, entries, outputs
        case firstDay = "first_day"
        case lastDay = "last_day"
    }
}
