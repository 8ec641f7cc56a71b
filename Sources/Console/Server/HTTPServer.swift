import CMHD
import CMHDShim
import Foundation

/// The console's HTTP server: GNU libmicrohttpd parses requests and urlencoded forms and sends
/// the answers; Folio only decides what to answer. The library's pool of polling threads never
/// waits on Folio: each request is suspended, answered by a worker, and resumed.
public final class HTTPServer: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public typealias Handler = (HTTPRequest) -> HTTPResponse

    let limits: ServerLimits
    let workers: RequestWorkers
    let deadlines: ConnectionDeadlines
    private var daemon: OpaquePointer?
    /// The port listened on (the one the system chose when asked for port 0).
    public let port: Int

    /// Binds `address:port` (IPv4) and starts serving; `makeHandler(i)` makes worker i's handler.
    public init(address: String, port: Int, limits: ServerLimits = ServerLimits(),
                makeHandler: (Int) throws -> Handler) throws {
        self.limits = limits
        workers = RequestWorkers(limits: limits, handlers: try (0..<max(1, limits.workers)).map(makeHandler))
        deadlines = ConnectionDeadlines()
        let listener = try Self.listen(address: address, port: port)
        self.port = listener.port
        let context = Unmanaged.passUnretained(self).toOpaque()
        let options = folio_mhd_limits(threads: UInt32(limits.threads), connections: UInt32(limits.connections),
                                       per_address: UInt32(limits.perAddress), memory_per_connection: limits.headerBytes,
                                       idle_timeout_s: UInt32(limits.idleSeconds))
        daemon = folio_mhd_start(listener.socket, accessHandler, context, requestCompleted, context, connectionNotified, context, options)
        if daemon == nil {
            close(listener.socket)
            workers.stop()
            deadlines.stop()
            throw Failure(description: "libmicrohttpd could not start on \(address):\(self.port)")
        }
    }

    deinit { stop() }

    /// Stops serving: the workers finish (so no connection stays suspended), then the library
    /// closes every connection and the listening socket it was given.
    public func stop() {
        guard let daemon else { return }
        workers.stop()
        MHD_stop_daemon(daemon)
        deadlines.stop()
        self.daemon = nil
    }

    private static func listen(address: String, port: Int) throws -> (socket: Int32, port: Int) {
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, address, &socketAddress.sin_addr) == 1 else {
            throw Failure(description: "--listen: \"\(address)\" is not an IPv4 address")
        }
        let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        // A deep backlog: a flood of connections from one address, refused by the library one by
        // one, must not leave other clients' SYNs dropped.
        guard bound == 0, Glibc.listen(descriptor, 1024) == 0 else {
            let message = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "cannot listen on \(address):\(port): \(message)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return (descriptor, Int(UInt16(bigEndian: socketAddress.sin_port)))
    }

    /// Queues `response` on the connection (from within the library's access handler only).
    func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let created: OpaquePointer?
        switch response.body {
        case .bytes(let data):
            created = data.withUnsafeBytes { bytes in
                MHD_create_response_from_buffer(data.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
            }
        case .file(let descriptor, let size):
            created = MHD_create_response_from_fd64(size, descriptor)
        }
        guard let created else { return MHD_Result.NO }
        defer { MHD_destroy_response(created) }
        for (name, value) in response.headers { MHD_add_response_header(created, name, value) }
        return MHD_queue_response(connection, UInt32(response.status), created)
    }
}
