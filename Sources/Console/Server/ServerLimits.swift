/// How much of the machine one client, and all of them together, may hold: libmicrohttpd's
/// thread pool and connection limits, and the deadlines the library itself does not have.
public struct ServerLimits: Sendable {
    /// libmicrohttpd's polling threads (`MHD_OPTION_THREAD_POOL_SIZE`); they never block.
    public var threads = 4
    /// Threads that answer requests, each with its own queue connection.
    public var workers = 4
    /// Open connections at once (`MHD_OPTION_CONNECTION_LIMIT`).
    public var connections = 1_000
    /// Open connections from one address (`MHD_OPTION_PER_IP_CONNECTION_LIMIT`); 0 is none,
    /// for a proxy that holds every client's connection.
    public var perAddress = 32
    /// A request line and headers larger than this are refused by the library (431/414).
    public var headerBytes = 64 * 1024
    /// The largest body, on every route (forms only: a bulk action on 1,000 jobs fits).
    public var bodyBytes = 256 * 1024
    /// libmicrohttpd's timeout, which only counts silence (`MHD_OPTION_CONNECTION_TIMEOUT`).
    public var idleSeconds = 15
    /// From a connection's first byte (or its previous answer) to its headers' end, however
    /// slowly they trickle in.
    public var headerSeconds = 10.0
    /// From the headers' end to the body's end.
    public var bodySeconds = 30.0
    /// Requests waiting for a worker; more are answered 503 at once.
    public var pending = 256
    /// A request that waited this long for a worker is answered 503 instead.
    public var queueSeconds = 5.0

    public init() {}
}
