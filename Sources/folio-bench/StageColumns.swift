/// The stage times report.json's `timings_ms` may hold, in the order a job runs them (`render`
/// is the whole render stage, `photos` the photo workers' summed busy time), then any other key
/// a report has. A key a report lacks prints as "—": nothing here assumes a stage exists.
enum StageColumns {
    static let known = ["resolve", "layout", "photos", "draw", "thumbnails", "finish", "cover", "epub", "render", "verify", "verify_checks",
                        "upload"]

    static func keys(in runs: [RenderRun]) -> [String] {
        let present = Set(runs.flatMap { $0.report.timingsMS.keys })
        return known + present.subtracting(known).sorted()
    }
}
