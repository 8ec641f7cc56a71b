import Diagnostics
import Foundation
import FolioTestSupport
import Testing
@testable import Upload

/// A printer that reads a whole body and answers late, or never, is not sent the file again
/// blindly: the low-speed limit guards only the sending, the answer is awaited under its own
/// timeout, and an unanswered PUT is asked about (HEAD) before anything is sent again.
@Suite struct SlowPrinterTests {
    let server: FaultServer
    let workspace: Workspace
    let file: URL
    let sha: String
    static let size = 300_000

    init() throws {
        server = try FaultServer()
        workspace = try Workspace()
        file = workspace.root.appendingPathComponent("interior.pdf")
        let bytes = Data((0..<Self.size).map { UInt8(truncatingIfNeeded: $0 &* 131 >> 3) })
        try bytes.write(to: file)
        sha = SHA256.hex(of: bytes)
    }

    func request(_ path: String) -> DeliveryRequest {
        DeliveryRequest(url: server.url(path), file: file, sha256: sha, baseFolder: workspace.root)
    }

    /// The destinations' defaults (low-speed 30 s, answer awaited 600 s); only the waits
    /// between tries are shortened.
    func settings(method: String = "PUT", responseTimeout: Int? = nil) -> HTTPUploader.Settings {
        var settings = HTTPUploader.Settings()
        settings.method = method
        if method == "POST" { settings.formField = "file" }
        settings.baseDelay = 0.01
        if let responseTimeout { settings.responseTimeout = responseTimeout }
        return settings
    }

    enum Kind: String, CaseIterable, Sendable { case put, post, tus }

    /// 40 s after the last byte: longer than libcurl's low-speed limit, which used to call it a
    /// stall and send the file again and again.
    @Test(arguments: Kind.allCases)
    func aPrinterThatAnswersFortySecondsAfterTheBodyGetsTheFileOnce(_ kind: Kind) throws {
        let result: DeliveryResult
        switch kind {
        case .put: result = HTTPUploader(settings: settings()).deliver(request("late40/put/interior.pdf"), idempotencyKey: "k")
        case .post: result = HTTPUploader(settings: settings(method: "POST")).deliver(request("late40/post/interior.pdf"), idempotencyKey: "k")
        case .tus:
            result = TusUploader(settings: settings(), checksum: { try SHA256.base64(ofFile: $0, from: $1) })
                .deliver(request("tus/late40/"), idempotencyKey: "k")
        }
        #expect(result.delivered, "\(result.attempts)")
        #expect(result.attempts.allSatisfy { $0.requestClass == .accepted }, "\(result.attempts)")
        if kind == .tus {
            let completed = try server.requests().filter { $0["method"] as? String == "complete" }
            #expect(completed.count == 1 && completed.first?["sha256"] as? String == sha, "\(completed)")
            #expect(result.attempts.count == 2, "one creation, one PATCH: \(result.attempts)")
        } else {
            #expect(try server.accepted() == ["/late40/\(kind.rawValue)/interior.pdf": 1])
            #expect(result.attempts.count == 1, "\(result.attempts)")
        }
    }

    /// Never answered: the PUT is unknown, the HEAD finds the whole file there, and it counts as
    /// delivered without a second copy.
    @Test func anUnansweredPutIsAskedAboutAndNotSentAgain() throws {
        let result = HTTPUploader(settings: settings(responseTimeout: 2)).deliver(request("silent/a/interior.pdf"), idempotencyKey: "k")
        #expect(result.delivered, "\(result.attempts)")
        #expect(result.attempts.map(\.requestClass) == [.unknown, .accepted], "\(result.attempts)")
        #expect(result.attempts.first?.bytesSent == Int64(Self.size))
        let seen = try server.requests().filter { ($0["path"] as? String) == "/silent/a/interior.pdf" }
        #expect(seen.map { $0["method"] as? String } == ["PUT", "HEAD"], "\(seen)")
        #expect(seen.last?["idempotency_key"] as? String == "k")
    }

    /// Closed without a word after reading the body (kept), or after reading it without keeping
    /// it (afterbody): a failure, but the HEAD tells the two apart before a PUT is sent again.
    @Test func aCloseAfterTheBodyIsResolvedByAskingThePrinter() throws {
        let kept = HTTPUploader(settings: settings()).deliver(request("kept/b/interior.pdf"), idempotencyKey: "k")
        #expect(kept.delivered && kept.attempts.map(\.requestClass) == [.transient, .accepted], "\(kept.attempts)")
        #expect(try server.requests().filter { ($0["path"] as? String) == "/kept/b/interior.pdf" && $0["method"] as? String == "PUT" }.count == 1)
        let lost = HTTPUploader(settings: settings()).deliver(request("afterbody/b/interior.pdf"), idempotencyKey: "k")
        #expect(lost.delivered && lost.attempts.map(\.requestClass) == [.transient, .transient, .accepted], "\(lost.attempts)")
        #expect(try server.accepted()["/afterbody/b/interior.pdf"] == 1)
    }

    /// A multipart POST cannot be asked about: the outcome stays unknown, and nothing is sent
    /// again by Folio alone.
    @Test func anUnansweredPostIsLeftUnknown() throws {
        let result = HTTPUploader(settings: settings(method: "POST", responseTimeout: 2)).deliver(request("silent/c/interior.pdf"), idempotencyKey: "k")
        #expect(!result.delivered && result.unknown && !result.refused, "\(result.attempts)")
        #expect(result.attempts.map(\.requestClass) == [.unknown])
        #expect(try server.requests().filter { ($0["path"] as? String) == "/silent/c/interior.pdf" }.count == 1)
    }

    /// Told to stop while the body is still going out (32 MB, more than both sides' buffers
    /// hold): cut off, with a reset, and the printer never gets the whole file.
    @Test func aStopBeforeTheLastByteCutsTheBodyOff() throws {
        let large = workspace.root.appendingPathComponent("large.pdf")
        let bytes = Data((0..<(32 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 197 >> 4) })
        try bytes.write(to: large)
        let started = Date()
        let hooks = DeliveryHooks(stopping: { Date().timeIntervalSince(started) > 0.5 })
        let result = HTTPUploader(settings: settings()).deliver(DeliveryRequest(url: server.url("wait3/e/large.pdf"), file: large,
                                                                                 sha256: SHA256.hex(of: bytes), baseFolder: workspace.root),
                                                                idempotencyKey: "k", hooks: hooks)
        #expect(!result.delivered && !result.unknown && result.attempts.count == 1, "\(result.attempts)")
        #expect(result.attempts.first?.bytesSent ?? 0 < Int64(bytes.count))
        Thread.sleep(forTimeInterval: 4)
        #expect(try server.accepted().isEmpty, "the printer got the whole file after the stop")
    }

    /// Told to stop once the printer has every byte: its answer is awaited, and the file is
    /// delivered and known to be.
    @Test func aStopAfterTheLastByteWaitsForTheAnswer() throws {
        let started = Date()
        let hooks = DeliveryHooks(stopping: { Date().timeIntervalSince(started) > 0.5 })
        let result = HTTPUploader(settings: settings()).deliver(request("wait3/f/interior.pdf"), idempotencyKey: "k", hooks: hooks)
        #expect(result.delivered && result.attempts.map(\.httpStatus) == [201], "\(result.attempts)")
        #expect(try server.accepted() == ["/wait3/f/interior.pdf": 1])
    }

    /// A printer that says 201 and then never finishes its answer: the answer's clock ends the
    /// wait, and the 201 stands (the job is not held forever, the file not sent again).
    @Test func aStatusLineWhoseAnswerStallsStillEnds() throws {
        let result = HTTPUploader(settings: settings(responseTimeout: 2)).deliver(request("headstall/g/interior.pdf"), idempotencyKey: "k")
        #expect(result.delivered && result.attempts.map(\.httpStatus) == [201], "\(result.attempts)")
        #expect(try server.requests().filter { ($0["path"] as? String) == "/headstall/g/interior.pdf" }.count == 1)
    }

    @Test func theWatchKeepsItsTwoClocksApart() {
        var watch = TransferWatch(lowSpeedTime: 30, lowSpeedBytes: 1024, responseTimeout: 600)
        #expect(watch.observe(sent: 0, of: 100_000, answered: false, at: 0) == .goOn)
        #expect(watch.observe(sent: 50_000, of: 100_000, answered: false, at: 29) == .goOn)
        #expect(watch.observe(sent: 100_000, of: 100_000, answered: false, at: 31) == .goOn)
        // Forty seconds of silence after the last byte: only the response clock runs.
        #expect(watch.observe(sent: 100_000, of: 100_000, answered: false, at: 71) == .goOn)
        #expect(watch.observe(sent: 100_000, of: 100_000, answered: false, at: 630) == .goOn)
        #expect(watch.observe(sent: 100_000, of: 100_000, answered: false, at: 632) == .unanswered)
        #expect(watch.observe(sent: 100_000, of: 100_000, answered: true, at: 700) == .goOn)
        #expect(watch.observe(sent: 100_000, of: 100_000, answered: true, at: 1_301) == .answerStalled)
        var stalled = TransferWatch(lowSpeedTime: 30, lowSpeedBytes: 1024, responseTimeout: 600)
        #expect(stalled.observe(sent: 10, of: 100_000, answered: false, at: 0) == .goOn)
        #expect(stalled.observe(sent: 20_000, of: 100_000, answered: false, at: 30) == .stalled)
        var none = TransferWatch(lowSpeedTime: 30, lowSpeedBytes: 1024, responseTimeout: 5)
        #expect(none.observe(sent: 0, of: 0, answered: false, at: 0) == .goOn)
        #expect(none.observe(sent: 0, of: 0, answered: false, at: 6) == .unanswered)
    }
}
