/// Under `--no-auth` anyone who reaches the port is the operator, so only pages asked for by
/// name on this machine are: `Host` must be a loopback address or `localhost`, and an `Origin`,
/// when sent, the same. A DNS-rebinding page reaches 127.0.0.1 under its own host name (and
/// sends that name), so it is refused before anything is read or done.
enum LoopbackGuard {
    static func allows(_ request: HTTPRequest) -> Bool {
        guard let host = request.headers["host"], isLoopback(host: host) else { return false }
        guard let origin = request.headers["origin"] else { return true }
        guard origin.hasPrefix("http://") else { return false }
        return isLoopback(host: String(origin.dropFirst("http://".count)))
    }

    /// `127.x.x.x`, `localhost` or `[::1]`, with an optional port.
    static func isLoopback(host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("[::1]") { name = String(name.dropFirst(5)); return name.isEmpty || isPort(name) }
        if let colon = name.lastIndex(of: ":") {
            guard isPort(String(name[colon...])) else { return false }
            name = String(name[..<colon])
        }
        if name == "localhost" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber) && (Int(part) ?? 256) <= 255
        }
    }

    private static func isPort(_ text: String) -> Bool {
        guard text.hasPrefix(":") else { return false }
        let digits = text.dropFirst()
        return !digits.isEmpty && digits.count <= 5 && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
