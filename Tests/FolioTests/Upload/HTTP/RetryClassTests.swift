import Diagnostics
import Foundation
import FolioTestSupport
import Testing
@testable import Prepress
@testable import Upload

/// Every row of the retry-class table in docs/guide.md, against a real server on 127.0.0.1 that
/// fails that way: a transient failure is sent again, a permanent one is not.
@Suite struct RetryClassTests {
    struct Case: Sendable, CustomTestStringConvertible {
        /// A path on the plain port, or `listener:path`.
        var target: String
        var transient: Bool
        /// The server recovers after the first failure (path modes), so the file gets through.
        var recovers: Bool
        /// Words the first request's error must contain (curl's own, or ours); empty: any error.
        var says: String
        var trustTheTestCA = true
        var caFile = CAFile.theTestCA
        /// HEAD requests asking a PUT destination whether it kept a body it closed on.
        var lookups = 0
        /// The server drops the connection mid-body, so whether curl handed over the whole body
        /// before it saw the drop is a race: a printer is asked only when it did.
        var lookupsOnlyWhenTheBodyLeft = false
        var testDescription: String { "\(target) → \(transient ? "transient" : "permanent")\(caFile == .unusable ? ", unusable CA file" : "")" }
    }

    enum CAFile: Sendable { case theTestCA, unusable }

    /// A loopback port with nothing listening on it.
    static func closedPort() throws -> Int {
        let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(probe) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(probe, $0, length) == 0 && getsockname(probe, $0, &length) == 0 }
        }
        guard bound else { throw CocoaError(.fileReadUnknown) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static let cases: [Case] = [
        Case(target: "early:ok/x", transient: true, recovers: false, says: ""),
        // 200 KB usually fit in loopback's buffers, so the close comes after the whole body; on a
        // loaded machine curl can see the drop first (Broken pipe), and then no one is asked.
        Case(target: "reset/x", transient: true, recovers: true, says: "", lookups: 1, lookupsOnlyWhenTheBodyLeft: true),
        Case(target: "afterbody/x", transient: true, recovers: true, says: "Empty reply", lookups: 1),
        Case(target: "http09/x", transient: true, recovers: true, says: "HTTP/0.9"),
        Case(target: "headerjunk/x", transient: true, recovers: true, says: "Header without colon"),
        Case(target: "partial/x", transient: true, recovers: true, says: "transfer closed"),
        Case(target: "closed:ok/x", transient: true, recovers: false, says: "Failed to connect"),
        Case(target: "h2stream:ok/x", transient: true, recovers: false, says: "HTTP/2 stream"),
        Case(target: "h2frame:ok/x", transient: true, recovers: false, says: "HTTP2 framing layer"),
        Case(target: "tlscut:ok/x", transient: true, recovers: false, says: "SSL"),
        Case(target: "408x1/x", transient: true, recovers: true, says: "HTTP 408"),
        Case(target: "429x1/x", transient: true, recovers: true, says: "HTTP 429"),
        Case(target: "500x1/x", transient: true, recovers: true, says: "HTTP 500"),
        // A gateway's 502 or 504 after the printer had the whole body: a PUT printer is asked.
        Case(target: "502x1/x", transient: true, recovers: true, says: "HTTP 502", lookups: 1),
        Case(target: "503x1/x", transient: true, recovers: true, says: "HTTP 503"),
        Case(target: "504x1/x", transient: true, recovers: true, says: "HTTP 504", lookups: 1),
        Case(target: "400/x", transient: false, recovers: false, says: "HTTP 400"),
        Case(target: "401/x", transient: false, recovers: false, says: "HTTP 401"),
        Case(target: "403/x", transient: false, recovers: false, says: "HTTP 403"),
        Case(target: "404/x", transient: false, recovers: false, says: "HTTP 404"),
        Case(target: "409/x", transient: false, recovers: false, says: "HTTP 409"),
        Case(target: "413/x", transient: false, recovers: false, says: "HTTP 413"),
        Case(target: "501/x", transient: false, recovers: false, says: "HTTP 501"),
        Case(target: "tls:ok/x", transient: false, recovers: false, says: "certificate", trustTheTestCA: false),
        Case(target: "tlsname:ok/x", transient: false, recovers: false, says: "subject name"),
        Case(target: "tls:ok/x", transient: false, recovers: false, says: "certificate file", caFile: .unusable),
        Case(target: "away/x", transient: false, recovers: false, says: "another origin"),
    ]

    @Test(arguments: cases)
    func eachFailureHasItsClass(_ row: Case) throws {
        let server = try FaultServer(tls: true)
        let workspace = try Workspace()
        let file = workspace.root.appendingPathComponent("interior.pdf")
        let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31 >> 3) })
        try bytes.write(to: file)
        var settings = HTTPUploader.Settings()
        settings.maxAttempts = 3
        settings.baseDelay = 0.01
        settings.connectTimeout = 5
        settings.caFile = row.trustTheTestCA ? server.caFile : nil
        if row.caFile == .unusable {
            let junk = workspace.root.appendingPathComponent("not-a-ca.pem")
            try Data("not a certificate\n".utf8).write(to: junk)
            settings.caFile = junk.path
        }
        let parts = row.target.split(separator: ":", maxSplits: 1).map(String.init)
        var url = parts.count == 2 ? server.url(parts[1], on: parts[0]) : server.url(row.target)
        if parts.first == "closed" { url = "http://127.0.0.1:\(try Self.closedPort())/\(parts[1])" }
        let uploader = HTTPUploader(settings: settings, sleep: { _ in }, random: { 0.5 })
        let result = uploader.deliver(DeliveryRequest(url: url, file: file, sha256: SHA256.hex(of: bytes), baseFolder: workspace.root),
                                      idempotencyKey: "k")
        let first = try #require(result.attempts.first)
        #expect(first.error != nil && (row.says.isEmpty || first.error?.contains(row.says) == true), "\(String(describing: first.error))")
        if row.transient && row.recovers {
            let bodyLeft = first.bytesSent == Int64(bytes.count)
            let lookups = row.lookupsOnlyWhenTheBodyLeft && !bodyLeft ? 0 : row.lookups
            #expect(result.delivered && result.attempts.count == 2 + lookups, "\(result.attempts)")
            #expect(result.attempts.filter { $0.error?.hasPrefix("lookup:") == true }.count == lookups, "\(result.attempts)")
        } else if row.transient {
            #expect(!result.delivered && result.attempts.count == 3, "tried every allowed time: \(result.attempts)")
        } else {
            #expect(!result.delivered && result.attempts.count == 1, "never sent again: \(result.attempts)")
        }
    }

    /// Losing the job mid-body aborts the transfer (curl 42), and it is not tried again; a job
    /// lost before a request starts sends nothing at all.
    @Test func aTransferStoppedByItsJobIsNotRetried() throws {
        let server = try FaultServer()
        let workspace = try Workspace()
        let file = workspace.root.appendingPathComponent("interior.pdf")
        let bytes = Data((0..<(24 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 131 >> 5) })
        try bytes.write(to: file)
        final class Polls: @unchecked Sendable { var count = 0 }
        let polls = Polls()
        // Lost after the transfer has started: the server is still asleep, the body unsent.
        let hooks = DeliveryHooks(shouldAbort: { polls.count += 1; return polls.count > 3 })
        var settings = HTTPUploader.Settings()
        settings.maxAttempts = 3
        let result = HTTPUploader(settings: settings, sleep: { _ in }).deliver(
            DeliveryRequest(url: server.url("slow/big"), file: file, sha256: SHA256.hex(of: bytes), baseFolder: workspace.root),
            idempotencyKey: "k", hooks: hooks)
        #expect(!result.delivered && result.attempts.count == 1, "\(result.attempts)")
        #expect(result.attempts.first?.error?.lowercased().contains("callback") == true, "\(result.attempts)")
        #expect(try server.accepted().isEmpty)
        let none = HTTPUploader(settings: settings).deliver(DeliveryRequest(url: server.url("ok/never"), file: file, sha256: "",
                                                                           baseFolder: workspace.root),
                                                            idempotencyKey: "k", hooks: DeliveryHooks(shouldAbort: { true }))
        #expect(none.attempts.isEmpty && !none.delivered)
    }

    /// The trusted private CA is enough for HTTPS to work: the TLS rows fail for their reason only.
    @Test func aPrivateCAMakesHTTPSWork() throws {
        let server = try FaultServer(tls: true)
        let workspace = try Workspace()
        let file = workspace.root.appendingPathComponent("book.epub")
        try Data(repeating: 1, count: 5000).write(to: file)
        var settings = HTTPUploader.Settings()
        settings.caFile = server.caFile
        let result = HTTPUploader(settings: settings).deliver(DeliveryRequest(url: server.url("ok/y", on: "tls"), file: file,
                                                                               sha256: SHA256.hex(of: Data(repeating: 1, count: 5000)),
                                                                               baseFolder: workspace.root), idempotencyKey: "k")
        #expect(result.delivered, "\(result.attempts)")
        #expect(result.accepted?.responseID == "/stored/ok/y")
        #expect(try server.accepted() == ["/ok/y": 1])
    }

    /// The table in docs/guide.md and the code agree, row by row.
    @Test func theGuideTableIsTheCode() throws {
        let guide = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/guide.md"), encoding: .utf8)
        let section = try #require(guide.components(separatedBy: "### Retry classes").dropFirst().first?.components(separatedBy: "\n## ").first)
        var rows = 0
        for line in section.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3, let kind = cells.first, let expected = cells.dropFirst(2).first else { continue }
            let transient = expected == "transient"
            guard transient || expected == "permanent" else { continue }
            if kind.hasPrefix("HTTP "), let status = Int(kind.dropFirst(5).prefix(3)) {
                #expect((RetryClass.of(status: status, curlCode: 0, failed: true) == .transient) == transient, "\(line)")
            } else if let code = Int(kind.prefix { $0.isNumber }) {
                #expect((RetryClass.of(status: 0, curlCode: code, failed: true) == .transient) == transient, "\(line)")
            } else { continue }
            rows += 1
        }
        #expect(rows >= 25, "the table has a row per class")
    }
}
