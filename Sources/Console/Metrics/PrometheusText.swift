import Jobs

/// The queue's figures in Prometheus' text exposition format (version 0.0.4): one family per
/// figure, each with its HELP and TYPE lines, label values escaped as the format says.
struct PrometheusText {
    private(set) var text = ""

    /// `diskFree`: bytes free where the night writes, by place, as this console's host sees
    /// them; `host` labels them.
    init(_ metrics: QueueMetrics, now: Double, diskFree: [(place: String, bytes: Int64)] = [], host: String = "", paused: [String] = []) {
        family("folio_jobs", "gauge", "Jobs in the queue, by state.")
        for state in QueuedJob.State.allCases { sample("folio_jobs", ["state": state.rawValue], metrics.jobsByState[state] ?? 0) }
        family("folio_queue_depth", "gauge", "Jobs queued and not yet claimed (waiting out a backoff included).")
        sample("folio_queue_depth", [:], metrics.queueDepth)
        family("folio_queue_oldest_age_seconds", "gauge", "How long the oldest queued job has waited; 0 with none queued.")
        sample("folio_queue_oldest_age_seconds", [:], metrics.oldestQueuedAt.map { max(0, now - $0) } ?? 0)
        family("folio_job_duration_seconds", "histogram", "Job attempts, from claim to end.")
        histogram("folio_job_duration_seconds", [:], metrics.attempts)
        family("folio_stage_duration_seconds", "histogram", "Stages of job attempts, as each attempt's report timed them.")
        for (stage, histogram) in metrics.stages.sorted(by: { $0.key < $1.key }) {
            self.histogram("folio_stage_duration_seconds", ["stage": stage], histogram)
        }
        family("folio_pages_rendered_total", "counter", "Pages of the books made (done or held for review) that the queue keeps.")
        sample("folio_pages_rendered_total", [:], metrics.pagesRendered)
        family("folio_delivery_requests_total", "counter", "Delivery requests sent, by destination and retry class.")
        for (destination, classes) in metrics.requests.sorted(by: { $0.key < $1.key }) {
            for (requestClass, count) in classes.sorted(by: { $0.key < $1.key }) {
                sample("folio_delivery_requests_total", ["destination": destination, "class": requestClass], count)
            }
        }
        family("folio_intake_rejected_total", "counter", "Order files the hot folder refused (their error files are in inbox/rejected/).")
        sample("folio_intake_rejected_total", [:], metrics.rejectedAtIntake)
        family("folio_lease_losses_total", "counter", "Heartbeats that found the job claimed again by another worker.")
        sample("folio_lease_losses_total", [:], metrics.leaseLosses)
        // A runner stopping cleanly takes its series along; one killed is forgotten after five
        // leases of silence, so an alert on a stale heartbeat clears after a restart.
        family("folio_runner_heartbeats_total", "counter", "Heartbeats of each live runner (host-pid).")
        for runner in metrics.runners { sample("folio_runner_heartbeats_total", Self.labels(of: runner), runner.beats) }
        family("folio_runner_last_heartbeat_timestamp_seconds", "gauge", "When each live runner last beat, in seconds since 1970.")
        for runner in metrics.runners { sample("folio_runner_last_heartbeat_timestamp_seconds", Self.labels(of: runner), runner.lastBeat) }
        family("folio_disk_free_bytes", "gauge", "Bytes free where the night writes (jobs, inbox, reports, an SQLite queue), on the console's host.")
        for (place, bytes) in diskFree { sample("folio_disk_free_bytes", ["place": place, "host": host], Double(bytes)) }
        family("folio_paused", "gauge", "1 for each paused target: intake, or destination:ID (folio resume …).")
        for target in paused { sample("folio_paused", ["target": target], 1) }
    }

    /// A runner's name is `host-pid`: its host is a label of its own, to group by.
    static func labels(of runner: QueueMetrics.Runner) -> [String: String] {
        let host = runner.name.split(separator: "-").dropLast().joined(separator: "-")
        return ["runner": runner.name, "host": host.isEmpty ? runner.name : host]
    }

    private mutating func family(_ name: String, _ type: String, _ help: String) {
        text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    }

    private mutating func histogram(_ name: String, _ labels: [String: String], _ histogram: QueueMetrics.Histogram) {
        for (bound, count) in zip(histogram.bounds, histogram.cumulative) {
            sample(name + "_bucket", labels.merging(["le": Self.number(bound)]) { $1 }, count)
        }
        sample(name + "_bucket", labels.merging(["le": "+Inf"]) { $1 }, histogram.count)
        sample(name + "_sum", labels, histogram.sum)
        sample(name + "_count", labels, histogram.count)
    }

    private mutating func sample(_ name: String, _ labels: [String: String], _ value: Int) {
        sample(name, labels, Double(value))
    }

    private mutating func sample(_ name: String, _ labels: [String: String], _ value: Double) {
        let pairs = labels.sorted { $0.key < $1.key }.map { "\($0.key)=\"\(Self.escaped($0.value))\"" }
        text += name + (pairs.isEmpty ? "" : "{" + pairs.joined(separator: ",") + "}") + " " + Self.number(value) + "\n"
    }

    /// Backslash, double quote and line feed are the three characters a label value escapes.
    static func escaped(_ value: String) -> String {
        var escaped = ""
        for character in value.unicodeScalars {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    static func number(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : value > 0 ? "+Inf" : "-Inf" }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
