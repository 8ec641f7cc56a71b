import Foundation

/// The console's lists: jobs by the facts of their orders and the outcome of their reports,
/// nights at a glance, and how often each job reached an event.
public protocol ConsoleCatalog: AnyObject {
    /// The book's pages and warnings, from its published report.
    func recordOutcome(id: String, pages: Int?, warnings: Int) throws
    /// A page of jobs matching `filter`, in the lists' order (see `CatalogSQL.rank`).
    func listJobs(_ filter: JobFilter, limit: Int, offset: Int) throws -> [JobRow]
    /// The page after `cursor` (the last row of the page before), read by keyset: page 20,000
    /// of a million jobs costs what the first does.
    func listJobs(_ filter: JobFilter, limit: Int, after cursor: JobCursor) throws -> [JobRow]
    /// How many jobs match, counting no further than `cap` (a million rows stay fast).
    func countJobs(_ filter: JobFilter, cap: Int) throws -> Int
    /// The newest nights, newest first.
    func nights(limit: Int) throws -> [NightRow]
    /// How many times each job reached `event` in the events table (every job done once?).
    func eventCounts(_ event: String) throws -> [String: Int]
}
