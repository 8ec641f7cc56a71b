import Foundation
import Jobs

/// What monitoring asks the console: `/healthz` (the process answers), `/readyz` (and its queue
/// does) and `/metrics`. The first two tell nothing about jobs and answer anyone; `/metrics`
/// answers a direct connection from this host, or the metrics token from anywhere.
struct MonitoringRoutes {
    let queue: JobStore & TelemetryStore & PauseStore
    let gate: ConsoleGate
    let config: FolioConfig

    static let paths: Set<String> = ["/healthz", "/readyz", "/metrics"]

    func answer(_ request: HTTPRequest) throws -> HTTPResponse {
        switch request.path {
        case "/healthz":
            return .text("ok", status: 200)
        case "/readyz":
            do {
                _ = try queue.hasPendingWork()
                return .text("ready", status: 200)
            } catch {
                FileHandle.standardError.write(Data("folio serve: /readyz: the queue did not answer: \(error)\n".utf8))
                var response = HTTPResponse.text("not ready: the queue did not answer", status: 503)
                response.headers.append(("Retry-After", "5"))
                return response
            }
        default:
            if let refusal = try refusal(request) { return refusal }
            let disk = DiskSpace.places(config).compactMap { place in DiskSpace.free(at: place.path).map { (place.name, $0) } }
            let text = PrometheusText(try queue.metrics(), now: Date().timeIntervalSince1970, diskFree: disk,
                                      host: ProcessInfo.processInfo.hostName, paused: try queue.pauses().map(\.target.description)).text
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain; version=0.0.4; charset=utf-8")],
                                body: .bytes(Data(text.utf8)))
        }
    }

    /// Nil when the caller may read `/metrics`. A wrong token counts against the client in the
    /// same throttle as every other credential.
    private func refusal(_ request: HTTPRequest) throws(Throttled) -> HTTPResponse? {
        if let token = request.bearerToken {
            let client = gate.addresses.client(of: request)
            if let wait = gate.throttle.wait(for: client) { throw Throttled(seconds: wait) }
            guard gate.tokens.admitsMetrics(token) else {
                gate.throttle.failed(client)
                AuditLog.refused(client: client, by: "metrics token")
                return HTTPResponse(status: 401, headers: [("WWW-Authenticate", "Bearer"), ("Content-Type", "text/plain; charset=utf-8")],
                                    body: .bytes(Data("That is not the metrics token.".utf8)))
            }
            gate.throttle.succeeded(client)
            return nil
        }
        guard isDirectFromThisHost(request) else {
            return HTTPResponse(status: 401, headers: [("WWW-Authenticate", "Bearer"), ("Content-Type", "text/plain; charset=utf-8")],
                                body: .bytes(Data("/metrics answers this host, or the metrics token (FOLIO_METRICS_TOKEN).".utf8)))
        }
        return nil
    }

    /// A loopback connection that no proxy relayed: a proxy on this host would make every
    /// client look local.
    private func isDirectFromThisHost(_ request: HTTPRequest) -> Bool {
        let loopback = request.client.hasPrefix("127.") || request.client == "::1" || request.client == "::ffff:127.0.0.1"
        let relayed = gate.addresses.trustedProxies.contains(request.client)
            || ["x-forwarded-for", "forwarded", "x-real-ip"].contains { request.headers[$0] != nil }
        return loopback && !relayed
    }
}
