import CMHD
import CMHDShim
import Foundation

/// The console's HTTP server: GNU libmicrohttpd parses requests and urlencoded forms and sends
/// the answers; Folio only decides what to answer. One polling thread serves every connection,
/// so `handler` is called from one thread at a time.
public final class HTTPServer: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The largest request body accepted (forms only: a bulk action on 1,000 jobs fits).
    static let bodyLimit = 256 * 1024

    private let handler: (HTTPRequest) -> HTTPResponse
    private var daemon: OpaquePointer?
    /// The port listened on (the one the system chose when asked for port 0).
    public let port: Int

    /// Binds `address:port` (IPv4) and starts serving.
    public init(address: String, port: Int, handler: @escaping (HTTPRequest) -> HTTPResponse) throws {
        self.handler = handler
        let listener = try Self.listen(address: address, port: port)
        self.port = listener.port
        daemon = folio_mhd_start(listener.socket, accessHandler, Unmanaged.passUnretained(self).toOpaque(),
                                 requestCompleted, nil, 1 << 20, 30)
        if daemon == nil {
            close(listener.socket)
            throw Failure(description: "libmicrohttpd could not start on \(address):\(self.port)")
        }
    }

    deinit { stop() }

    /// Stops serving; the library closes the listening socket it was given.
    public func stop() {
        if let daemon { MHD_stop_daemon(daemon) }
        daemon = nil
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
        guard bound == 0, Glibc.listen(descriptor, 64) == 0 else {
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

    fileprivate func answer(_ request: HTTPRequest, on connection: OpaquePointer) -> MHD_Result {
        let response = handler(request)
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

/// What one request has gathered while its body arrives.
private final class RequestState {
    var form: [String: [String]] = [:]
    /// Field values in pieces as the post processor hands them over.
    var pending: [String: Data] = [:]
    var order: [String] = []
    var bodyBytes = 0
    var tooLarge = false
    var postProcessor: OpaquePointer?

    deinit { if let postProcessor { MHD_destroy_post_processor(postProcessor) } }

    /// Pieces with offset 0 begin a new value of that field.
    func add(key: String, offset: UInt64, bytes: Data) {
        if offset == 0, let earlier = pending.removeValue(forKey: key) {
            form[key, default: []].append(String(decoding: earlier, as: UTF8.self))
        }
        pending[key, default: Data()].append(bytes)
    }

    func finish() {
        for (key, value) in pending { form[key, default: []].append(String(decoding: value, as: UTF8.self)) }
        pending = [:]
    }
}

private let postIterator: MHD_PostDataIterator = { cls, _, key, _, _, _, data, offset, size in
    guard let cls, let key else { return MHD_Result.YES }
    let state = Unmanaged<RequestState>.fromOpaque(cls).takeUnretainedValue()
    let bytes = data.map { Data(bytes: $0, count: size) } ?? Data()
    state.add(key: String(cString: key), offset: offset, bytes: bytes)
    return MHD_Result.YES
}

private let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, uploadData, uploadSize, requestContext in
    guard let cls, let connection, let requestContext, let uploadSize else { return MHD_Result.NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    guard let stored = requestContext.pointee else {
        let state = RequestState()
        let pointer = Unmanaged.passRetained(state).toOpaque()
        requestContext.pointee = pointer
        if let method, String(cString: method) == "POST" {
            state.postProcessor = MHD_create_post_processor(connection, 16 * 1024, postIterator, pointer)
        }
        return MHD_Result.YES
    }
    let state = Unmanaged<RequestState>.fromOpaque(stored).takeUnretainedValue()
    if uploadSize.pointee > 0 {
        state.bodyBytes += uploadSize.pointee
        if state.bodyBytes > HTTPServer.bodyLimit { state.tooLarge = true }
        if !state.tooLarge, let processor = state.postProcessor, let uploadData {
            _ = MHD_post_process(processor, uploadData, uploadSize.pointee)
        }
        uploadSize.pointee = 0
        return MHD_Result.YES
    }
    state.finish()
    var request = HTTPRequest(method: method.map { String(cString: $0) } ?? "GET", path: url.map { String(cString: $0) } ?? "/",
                              query: values(connection, MHD_ValueKind.GET_ARGUMENT_KIND), form: state.form,
                              headers: values(connection, MHD_ValueKind.HEADER_KIND, lowercased: true), client: client(connection))
    request.bodyTooLarge = state.tooLarge
    return server.answer(request, on: connection)
}

private let requestCompleted: MHD_RequestCompletedCallback = { _, _, requestContext, _ in
    guard let requestContext, let stored = requestContext.pointee else { return }
    Unmanaged<RequestState>.fromOpaque(stored).release()
    requestContext.pointee = nil
}

/// The query's arguments or the headers, as the library decoded them (the first of repeats).
private func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind, lowercased: Bool = false) -> [String: String] {
    final class Box { var values: [String: String] = [:]; var lowercased = false }
    let box = Box()
    box.lowercased = lowercased
    let iterator: MHD_KeyValueIterator = { cls, _, key, value in
        guard let cls, let key else { return MHD_Result.YES }
        let box = Unmanaged<Box>.fromOpaque(cls).takeUnretainedValue()
        var name = String(cString: key)
        if box.lowercased { name = name.lowercased() }
        if box.values[name] == nil { box.values[name] = value.map { String(cString: $0) } ?? "" }
        return MHD_Result.YES
    }
    _ = withExtendedLifetime(box) { MHD_get_connection_values(connection, kind, iterator, Unmanaged.passUnretained(box).toOpaque()) }
    return box.values
}

private func client(_ connection: OpaquePointer) -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    guard folio_mhd_client_address(connection, &buffer, buffer.count) == 0 else { return "unknown" }
    return String(cString: buffer)
}
