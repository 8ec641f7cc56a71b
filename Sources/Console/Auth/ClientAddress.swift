/// Who the client is, and whether it came over TLS: the socket's address, unless that is a
/// trusted proxy (`--trusted-proxy`), which names the client in `X-Forwarded-For` and the
/// scheme in `X-Forwarded-Proto`. Headers from anyone else are ignored: a client cannot choose
/// its own throttle key or claim TLS.
struct ClientAddress {
    var trustedProxies: Set<String>

    /// The right-most address in X-Forwarded-For that is not a trusted proxy (each proxy
    /// appends the address it saw; only the trusted ones' additions are believed).
    func client(of request: HTTPRequest) -> String {
        guard trustedProxies.contains(request.client), let forwarded = request.headers["x-forwarded-for"] else { return request.client }
        let hops = forwarded.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for hop in hops.reversed() where !trustedProxies.contains(hop) {
            return String(hop.prefix(64))
        }
        return request.client
    }

    /// True when a trusted proxy says the browser spoke HTTPS to it.
    func overTLS(_ request: HTTPRequest) -> Bool {
        trustedProxies.contains(request.client)
            && request.headers["x-forwarded-proto"]?.split(separator: ",").first?.trimmingCharacters(in: .whitespaces).lowercased() == "https"
    }
}
