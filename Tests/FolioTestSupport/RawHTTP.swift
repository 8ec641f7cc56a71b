import Foundation

/// HTTP over a plain socket, for what curl will not send: any bytes, from a chosen loopback
/// address, with a deadline on every step. Loopback only.
public enum RawHTTP {
    public struct Answer {
        public var status: Int
        public var head: String
        public var body: Data
        public var seconds: Double

        public func header(_ name: String) -> String? {
            for line in head.components(separatedBy: "\r\n").dropFirst() {
                guard let colon = line.firstIndex(of: ":"), line[..<colon].lowercased() == name.lowercased() else { continue }
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            return nil
        }
    }

    public struct Failure: Error, CustomStringConvertible { public var description: String }

    /// A connected socket from `source` (a 127.x address) to 127.0.0.1:`port`; non-blocking
    /// when `blocking` is false (the connection may still be under way).
    public static func connect(port: Int, from source: String = "127.0.0.1", blocking: Bool = true) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | (blocking ? 0 : Int32(SOCK_NONBLOCK.rawValue)), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, source, &local.sin_addr)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr)
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, size) } }
        let connected = withUnsafePointer(to: &remote) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, size) } }
        guard bound == 0, connected == 0 || (!blocking && errno == EINPROGRESS) else {
            let message = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "connect from \(source): \(message)")
        }
        return descriptor
    }

    /// Sends `request` whole and reads the answer until the server closes or `timeout` passes;
    /// nil when nothing came back.
    public static func exchange(port: Int, _ request: Data, from source: String = "127.0.0.1", timeout: Double = 5) throws -> Answer? {
        let start = Date()
        let descriptor = try connect(port: port, from: source)
        defer { close(descriptor) }
        var time = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1e6))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var sent = 0
        while sent < request.count {
            let count = request.withUnsafeBytes { send(descriptor, $0.baseAddress! + sent, request.count - sent, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { break }
            sent += count
        }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while Date().timeIntervalSince(start) < timeout {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        guard !received.isEmpty else { return nil }
        let separator = Data("\r\n\r\n".utf8)
        let split = received.range(of: separator)
        let head = String(decoding: split.map { received[..<$0.lowerBound] } ?? received, as: UTF8.self)
        let status = head.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } ?? 0
        return Answer(status: status, head: head, body: split.map { Data(received[$0.upperBound...]) } ?? Data(),
                      seconds: Date().timeIntervalSince(start))
    }

    /// A GET with `Connection: close` and the given extra header lines.
    public static func get(port: Int, _ target: String, headers: [String] = [], from source: String = "127.0.0.1", timeout: Double = 5) throws -> Answer? {
        let lines = ["GET \(target) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Connection: close"] + headers
        return try exchange(port: port, Data((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8), from: source, timeout: timeout)
    }
}
