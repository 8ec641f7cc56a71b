import Diagnostics
import Foundation
import FolioTestSupport
import Testing
@testable import Prepress
@testable import Upload
@testable import Jobs

/// Uploads against a real HTTP server on 127.0.0.1 that fails on purpose.
@Suite struct UploadTests {
    let server: FaultServer
    let workspace: Workspace
    let file: URL
    let sha: String

    init() throws {
        server = try FaultServer()
        workspace = try Workspace()
        file = workspace.root.appendingPathComponent("interior.pdf")
        var bytes = [UInt8](repeating: 0, count: 300_000)
        var random = SystemRandomNumberGenerator()
        for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255, using: &random) }
        try Data(bytes).write(to: file)
        sha = SHA256.hex(of: Data(bytes))
    }

    /// An uploader that records the delays it would sleep instead of sleeping them.
    final class Delays: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var values: [Double] = []
        func add(_ value: Double) { lock.lock(); values.append(value); lock.unlock() }
    }

    func uploader(attempts: Int = 4, delays: Delays = Delays(), token: String? = nil, lowSpeed: Int = 30) -> HTTPUploader {
        var settings = HTTPUploader.Settings()
        settings.maxAttempts = attempts
        settings.baseDelay = 0.01
        settings.maxDelay = 5
        settings.lowSpeedTime = lowSpeed
        settings.authorization = token.map { "Bearer \($0)" }
        return HTTPUploader(settings: settings, sleep: { delays.add($0) }, random: { 0.5 })
    }

    func deliver(_ path: String, _ uploader: HTTPUploader) -> DeliveryResult {
        uploader.deliver(DeliveryRequest(url: server.url(path), file: file, sha256: sha, baseFolder: workspace.root), idempotencyKey: "key-\(path)")
    }

    @Test func a503IsRetriedUntilItGoesThrough() throws {
        let result = deliver("503x2/a/interior.pdf", uploader())
        #expect(result.delivered)
        #expect(result.attempts.map(\.httpStatus) == [503, 503, 201])
        let received = try server.requests().filter { ($0["path"] as? String) == "/503x2/a/interior.pdf" }
        #expect(received.last?["sha256"] as? String == sha)
        #expect(received.last?["idempotency_key"] as? String == "key-503x2/a/interior.pdf")
        #expect(received.last?["content_digest"] as? String == "sha-256=:\(HTTPUploader.base64(hex: sha)):")
    }

    @Test func retryAfterWinsOverTheBackoff() throws {
        let delays = Delays()
        #expect(deliver("429/b/interior.pdf", uploader(delays: delays)).delivered)
        #expect(delays.values == [1])
        let dated = Delays()
        #expect(deliver("429date/b/interior.pdf", uploader(delays: dated)).delivered)
        #expect(dated.values.count == 1 && (0.5...2.5).contains(dated.values[0]), "\(dated.values)")
    }

    /// A body larger than both sides' socket buffers (loopback's take megabytes), so that a
    /// server that stops reading leaves it unsent, as a distant printer would.
    func largeFile() throws -> (file: URL, sha: String) {
        let large = workspace.root.appendingPathComponent("large.pdf")
        let bytes = Data((0..<(32 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 197 >> 4) })
        try bytes.write(to: large)
        return (large, SHA256.hex(of: bytes))
    }

    @Test func aConnectionDroppedMidBodyIsRetried() throws {
        let (large, sha) = try largeFile()
        let result = uploader().deliver(DeliveryRequest(url: server.url("reset/c/interior.pdf"), file: large, sha256: sha, baseFolder: workspace.root),
                                        idempotencyKey: "k")
        #expect(result.delivered)
        #expect(result.attempts.count == 2, "\(result.attempts)")
        #expect(result.attempts[0].httpStatus == nil && result.attempts[0].error != nil)
    }

    @Test func aStallPastTheLowSpeedLimitIsRetried() throws {
        let (large, sha) = try largeFile()
        let result = uploader(lowSpeed: 1).deliver(DeliveryRequest(url: server.url("stall/d/interior.pdf"), file: large, sha256: sha,
                                                                   baseFolder: workspace.root), idempotencyKey: "k")
        #expect(result.delivered)
        #expect(result.attempts.count == 2, "\(result.attempts)")
        #expect(result.attempts[0].requestClass == .transient)
        #expect(result.attempts[0].error?.lowercased().contains("too slow") == true, "\(String(describing: result.attempts[0].error))")
    }

    @Test func clientErrorsAreNotRetried() throws {
        for status in [400, 401] {
            let result = deliver("\(status)/e/interior.pdf", uploader())
            #expect(!result.delivered && result.refused, "a refusal on purpose is final")
            #expect(result.attempts.count == 1)
            #expect(result.attempts[0].httpStatus == status)
            #expect(result.attempts[0].error?.contains("HTTP \(status)") == true)
        }
    }

    @Test func aWrongDigestFromTheServerIsAFailedAttempt() throws {
        let result = deliver("baddigest/f/interior.pdf", uploader(attempts: 3))
        #expect(!result.delivered && !result.refused, "damage in transit may pass: the job is retried")
        #expect(result.attempts.count == 3)
        #expect(result.attempts.allSatisfy { $0.error?.contains("does not match") == true })
    }

    @Test func redirectsStayWithinTheOriginAndCredentialsNeverLeaveIt() throws {
        let token = "SECRET-TOKEN-4711"
        let same = deliver("redirect/g/interior.pdf", uploader(token: token))
        #expect(same.delivered)
        #expect(same.attempts.map(\.httpStatus) == [307, 201])
        let away = deliver("away/g/interior.pdf", uploader(token: token))
        #expect(!away.delivered)
        #expect(away.attempts.last?.error?.contains("another origin") == true)
        let requests = try server.requests()
        #expect(requests.filter { ($0["path"] as? String)?.hasPrefix("/ok/g/") == true }.allSatisfy { $0["authorization"] as? String == "Bearer \(token)" })
        let everything = "\(same.attempts) \(away.attempts)"
        #expect(!everything.contains(token))
    }

    @Test func multipartPOSTSendsTheFileAsAFormField() throws {
        var settings = HTTPUploader.Settings()
        settings.method = "POST"
        settings.formField = "book"
        settings.formFields = ["order": "ord-1"]
        let result = HTTPUploader(settings: settings).deliver(DeliveryRequest(url: server.url("ok/post/interior.pdf"), file: file,
                                                                               sha256: sha, baseFolder: workspace.root), idempotencyKey: "k")
        #expect(result.delivered)
        let request = try #require(try server.requests().last { ($0["path"] as? String) == "/ok/post/interior.pdf" })
        #expect((request["content_type"] as? String)?.hasPrefix("multipart/form-data") == true)
        #expect((request["bytes"] as? Int ?? 0) > 300_000)
    }

    @Test func aLargeFileStreamsWithFlatMemory() throws {
        // A sparse 1 GiB file costs no disk; its digest comes from Python to keep the test quick.
        let big = workspace.root.appendingPathComponent("big.bin")
        FileManager.default.createFile(atPath: big.path, contents: nil)
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let digest = try Tool.run("python3", ["-c", """
            import hashlib, sys
            h = hashlib.sha256()
            with open(sys.argv[1], 'rb') as f:
                for chunk in iter(lambda: f.read(1 << 22), b''): h.update(chunk)
            print(h.hexdigest())
            """, big.path]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let folio = repositoryRoot.appendingPathComponent(".build/debug/folio").path
        let outcome = try #require(MeasuredProcess.run(folio, ["_upload", big.path, server.url("sink/big.bin"), "--sha256", digest]))
        #expect(outcome.status == 0)
        #expect(outcome.maxRSSKB > 10 * 1024, "a real measurement, not an empty one")
        #expect(outcome.maxRSSKB < 150 * 1024, "peak RSS \(outcome.maxRSSKB / 1024) MB for a 1 GiB upload")
        let received = try #require(try server.requests().last { ($0["path"] as? String) == "/sink/big.bin" })
        #expect(received["bytes"] as? Int == 1 << 30)
        #expect(received["sha256"] as? String == digest)
    }
}

@Suite struct HTTPDeliveryJobTests {
    @Test func aJobDeliversOverHTTPAndNoCredentialLeaks() throws {
        let server = try FaultServer()
        let workspace = try Workspace()
        let token = "TOKEN-\(UUID().uuidString)"
        setenv("FOLIO_TEST_PRINTER_TOKEN", token, 1)
        try Data("""
            {"url": "\(server.url("503x2/{order}/{file}"))", "method": "PUT", "headers": {"X-Shop": "test"},
             "auth": {"bearer_env": "FOLIO_TEST_PRINTER_TOKEN"},
             "retry": {"max_attempts": 4, "base_delay_ms": 10, "max_delay_ms": 100, "budget_s": 60}}
            """.utf8).write(to: workspace.root.appendingPathComponent("config/destinations/printer.json"))
        try workspace.writeExport("anna", journal: Sample.journal([Sample.entry("e1", "2025-01-03T08:15:00Z")]))
        var order = Sample.order(outputs: ["interior", "epub"])
        order["destination"] = "printer"
        let (file, data) = try workspace.writeOrder(order)
        let folder = workspace.jobs.appendingPathComponent("http")
        let report = Pipeline(config: try workspace.config).run(orderData: data, orderFile: file.path, into: folder, deliver: true)
        #expect(report.status == .done, "\(String(describing: report.error))")
        #expect(report.uploads.map(\.status) == ["done", "done"])
        #expect(report.uploads.first?.attempts.map(\.httpStatus) == [503, 503, 201])
        let received = try server.requests().filter { $0["count"] as? Int == 3 }
        #expect(Set(received.compactMap { $0["sha256"] as? String }) == Set(report.outputs.map(\.sha256)))
        #expect(received.allSatisfy { $0["authorization"] as? String == "Bearer \(token)" })
        for name in ["report.json", "report.html"] where FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) {
            #expect(!(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)).contains(token))
        }
        #expect(!"\(report)".contains(token))
    }

    @Test func aMissingCredentialFailsTheDeliveryClearly() throws {
        let workspace = try Workspace()
        try Data(#"{"url": "https://printer.invalid/{order}/{file}", "method": "PUT", "auth": {"bearer_env": "FOLIO_TEST_UNSET_TOKEN"}}"#.utf8)
            .write(to: workspace.root.appendingPathComponent("config/destinations/printer.json"))
        try workspace.writeExport("anna", journal: Sample.journal([Sample.entry("e1", "2025-01-03T08:15:00Z")]))
        var order = Sample.order()
        order["destination"] = "printer"
        let (file, data) = try workspace.writeOrder(order)
        let report = Pipeline(config: try workspace.config).run(orderData: data, orderFile: file.path,
                                                               into: workspace.jobs.appendingPathComponent("x"), deliver: true)
        #expect(report.status == .failed)
        #expect(report.error?.code == "delivery-refused", "a destination that cannot be asked as configured waits for an operator")
        #expect(report.error?.message.contains("FOLIO_TEST_UNSET_TOKEN") == true)
    }
}

@Suite struct TusTests {
    @Test func aDroppedUploadResumesFromTheServersOffset() throws {
        let server = try FaultServer()
        let workspace = try Workspace()
        let file = workspace.root.appendingPathComponent("book.epub")
        var bytes = [UInt8](repeating: 0, count: 400_000)
        for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index &* 2654435761 >> 13) }
        try Data(bytes).write(to: file)
        let sha = SHA256.hex(of: Data(bytes))
        var settings = HTTPUploader.Settings()
        settings.baseDelay = 0.01
        settings.authorization = "Bearer TUS-SECRET"
        let uploader = TusUploader(settings: settings, checksum: { try SHA256.base64(ofFile: $0, from: $1) }, sleep: { _ in })
        let result = uploader.deliver(DeliveryRequest(url: server.url("tus/drop/"), file: file, sha256: sha, baseFolder: workspace.root),
                                      idempotencyKey: "k")
        #expect(result.delivered, "\(result.attempts)")
        // Created, a PATCH cut halfway, then the offset asked and only the rest sent.
        #expect(result.attempts.map(\.httpStatus) == [201, nil, 200, 204])
        let patches = try server.requests().filter { $0["method"] as? String == "PATCH" }
        #expect(patches.map { $0["offset"] as? Int } == [0, 200_000])
        #expect(patches.last?["bytes"] as? Int == 200_000)
        #expect(patches.allSatisfy { $0["authorization"] as? String == "Bearer TUS-SECRET" })
        let complete = try #require(try server.requests().last { $0["method"] as? String == "complete" })
        #expect(complete["sha256"] as? String == sha)
        #expect(!"\(result.attempts)".contains("TUS-SECRET"))
    }

    @Test func aWrongChecksumIsRefusedAndRetried() throws {
        let server = try FaultServer()
        let workspace = try Workspace()
        let file = workspace.root.appendingPathComponent("x.bin")
        try Data(repeating: 7, count: 10_000).write(to: file)
        var settings = HTTPUploader.Settings()
        settings.maxAttempts = 4
        let uploader = TusUploader(settings: settings, checksum: { _, _ in "AAAA" }, sleep: { _ in })
        let result = uploader.deliver(DeliveryRequest(url: server.url("tus/ok/"), file: file, sha256: "", baseFolder: workspace.root),
                                      idempotencyKey: "k")
        #expect(!result.delivered)
        #expect(result.attempts.contains { $0.httpStatus == 460 })
    }
}
