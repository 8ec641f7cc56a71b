import Foundation

/// One request as libmicrohttpd parsed it: the path (percent-decoded by the library), the
/// query's and a urlencoded form's fields, and the headers the console reads.
public struct HTTPRequest: Sendable {
    public var method: String
    public var path: String
    public var query: [String: String]
    /// A form field may come more than once (`id=a&id=b`).
    public var form: [String: [String]]
    /// Header names lower-cased.
    public var headers: [String: String]
    /// The socket's address (see `ClientAddress` for the one behind a trusted proxy).
    public var client: String

    public init(method: String, path: String, query: [String: String] = [:], form: [String: [String]] = [:],
                headers: [String: String] = [:], client: String = "127.0.0.1") {
        self.method = method
        self.path = path
        self.query = query
        self.form = form
        self.headers = headers
        self.client = client
    }

    /// The path and query again (the query's fields in name order), for a way back.
    public var target: String {
        guard !query.isEmpty else { return path }
        var components = URLComponents()
        components.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        return path + "?" + (components.percentEncodedQuery ?? "")
    }

    public func field(_ name: String) -> String? { form[name]?.first }

    /// The cookie's value, from the `Cookie` header.
    public func cookie(_ name: String) -> String? {
        for part in (headers["cookie"] ?? "").split(separator: ";") {
            let pair = part.trimmingCharacters(in: .whitespaces)
            if pair.hasPrefix(name + "=") { return String(pair.dropFirst(name.count + 1)) }
        }
        return nil
    }

    /// `Authorization: Bearer TOKEN`.
    public var bearerToken: String? {
        guard let value = headers["authorization"], value.lowercased().hasPrefix("bearer ") else { return nil }
        return value.dropFirst(7).trimmingCharacters(in: .whitespaces)
    }
}

/// What the console answers: status, headers, and bytes or an open file (sent by the library
/// straight from the descriptor, so a 400 MB PDF is never read into memory).
public struct HTTPResponse: Sendable {
    public enum Body: Sendable {
        case bytes(Data)
        /// The descriptor is closed by the server once sent.
        case file(descriptor: Int32, size: UInt64)
    }

    public var status: Int
    public var headers: [(String, String)]
    public var body: Body

    public init(status: Int, headers: [(String, String)] = [], body: Body = .bytes(Data())) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public static func html(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: .bytes(Data(text.utf8)))
    }

    public static func json(_ data: Data, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: .bytes(data))
    }

    public static func redirect(_ location: String, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: 303, headers: [("Location", location)] + headers)
    }

    public static func text(_ text: String, status: Int) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: .bytes(Data(text.utf8)))
    }
}
