import Foundation

/// One notice POSTed as JSON to an operator's webhook (a chat's incoming hook, an incident
/// tool). The same libcurl request as a delivery's, its TLS checked, a short timeout, asked
/// again twice on no answer or a 5xx; nil when the hook took it, else what went wrong.
public enum NoticePost {
    public static func send(_ json: Data, to url: String, bearerToken: String?, caFile: String?,
                            pause: (Double) -> Void = { Thread.sleep(forTimeInterval: $0) }) -> String? {
        let body = FileManager.default.temporaryDirectory.appendingPathComponent("folio-notice-\(UUID().uuidString).json")
        guard FileManager.default.createFile(atPath: body.path, contents: json) else { return "cannot write the notice's body" }
        defer { try? FileManager.default.removeItem(at: body) }
        var headers = ["Content-Type: application/json", "Expect:"]
        if let bearerToken { headers.append("Authorization: Bearer \(bearerToken)") }
        var problem = "no attempt"
        for attempt in 0..<3 {
            if attempt > 0 { pause(Double(attempt)) }
            var request = HTTPAttempt(url: url, method: "POST", headers: headers, file: body, size: Int64(json.count),
                                      connectTimeout: 10, lowSpeedTime: 10, lowSpeedBytes: 1)
            request.responseTimeout = 15
            request.caFile = caFile
            let outcome = request.run()
            if (200..<300).contains(outcome.status) { return nil }
            problem = outcome.status == 0 ? (outcome.error ?? "no answer") : "HTTP \(outcome.status)"
            // A 4xx is the hook refusing this notice: asking again changes nothing.
            if (400..<500).contains(outcome.status) { break }
        }
        return problem
    }
}
