import Foundation

/// scripts/fault_server.py on 127.0.0.1, started for a test and stopped when it ends. With
/// `tls`, it also listens for HTTPS, HTTP/2 and broken TLS, under certificates of its own CA.
public final class FaultServer {
    public let process = Process()
    /// Listener name → port (`http`, and with TLS `tls`, `tlsname`, `early`, `tlscut`, `h2stream`, `h2frame`).
    public let ports: [String: Int]
    /// The test CA's certificate, with TLS.
    public let caFile: String?
    public var port: Int { ports["http"] ?? 0 }

    /// The certificates are made once per test run.
    public static let certificates = FileManager.default.temporaryDirectory.appendingPathComponent("folio-fault-tls-\(getpid())")

    public init(tls: Bool = false) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", repositoryRoot.appendingPathComponent("scripts/fault_server.py").path, "0"]
            + (tls ? ["--tls", Self.certificates.path] : [])
        let line = try process.runReadingFirstLine()
        guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any], object["http"] is Int else {
            process.terminate()
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the fault server did not start"])
        }
        ports = object.compactMapValues { $0 as? Int }
        caFile = object["ca_file"] as? String
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }

    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// `https://` on the TLS listeners, `http://` on `early`.
    public func url(_ path: String, on listener: String) -> String {
        "\(listener == "early" ? "http" : "https")://127.0.0.1:\(ports[listener] ?? 0)/\(path)"
    }

    /// Every upload request the server saw.
    public func requests() throws -> [[String: Any]] {
        (try JSONSerialization.jsonObject(with: Data(try get("_state").utf8)) as? [[String: Any]]) ?? []
    }

    /// How many times each path was accepted whole (2xx): a printer keeps every copy.
    public func accepted() throws -> [String: Int] {
        (try JSONSerialization.jsonObject(with: Data(try get("_accepted").utf8)) as? [String: Int]) ?? [:]
    }

    private func get(_ path: String) throws -> String {
        try Tool.run("python3", ["-c", "import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1]).read().decode())",
                                 url(path)]).output
    }
}
