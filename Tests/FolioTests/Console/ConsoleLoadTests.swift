import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// Slow clients, endless bodies and a locked database hold what they hold and no more: normal
/// requests from another address are answered within a second throughout, and the server is
/// alive after. Bounded in connections and time, on loopback only.
@Suite(.serialized) struct ConsoleLoadTests {
    static let fixture = Result { try ConsoleFixture() }

    /// 1,500 connections from 127.0.0.1 trickling a header byte a second; meanwhile pages for
    /// 127.0.0.2 answer within 1 s, and the trickling connections are cut at the header deadline.
    /// The slow clients are another process (scripts/trickle.py), so this one keeps few
    /// descriptors (see there why).
    @Test func tricklingConnectionsFromOneAddressDenyNoOneElse() throws {
        let fixture = try Self.fixture.get()
        let server = try ConsoleServer(fixture.workspace)
        let trickle = Process()
        trickle.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Past the 10 s header deadline, at most 14 s.
        trickle.arguments = ["python3", repositoryRoot.appendingPathComponent("scripts/trickle.py").path, String(server.port), "1500", "13.5"]
        let ready = try trickle.runReadingFirstLine()
        defer { if trickle.isRunning { trickle.terminate() } }
        #expect(String(decoding: ready, as: UTF8.self) == #"{"ready": 1500}"#)
        var slowest = 0.0
        var answered = 0
        let started = Date()
        // Four normal requests a second from another address while the slow ones trickle.
        while Date().timeIntervalSince(started) < 13.5 {
            let answer = try RawHTTP.get(port: server.port, "/jobs", headers: ["Authorization: Bearer \(fixture.operatorToken)"],
                                         from: "127.0.0.2", timeout: 3)
            #expect(answer?.status == 200, "a normal request got \(answer?.status ?? 0)")
            slowest = max(slowest, answer?.seconds ?? 99)
            answered += 1
            usleep(250_000)
        }
        let rest = try #require(trickle.standardOutput as? Pipe).fileHandleForReading.readDataToEndOfFile()
        trickle.waitUntilExit()
        let last = String(decoding: rest, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        let result = try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Int]
        let stillOpen = result?["still_open"] ?? -1
        print("trickle: \(answered) normal requests, slowest \(String(format: "%.3f", slowest)) s; \(stillOpen) of 1,500 trickling connections still open after \(Int(Date().timeIntervalSince(started))) s")
        #expect(slowest < 1.0)
        #expect(result?["opened"] == 1_500 && stillOpen == 0, "\(last): trickling connections outlived the header deadline")
        #expect(server.process.isRunning)
    }

    /// A body that never ends is cut off at the body limit; one declared too large is refused
    /// before a byte of it is read.
    @Test func anEndlessBodyIsCutOff() throws {
        let fixture = try Self.fixture.get()
        let server = try ConsoleServer(fixture.workspace)
        let socket = try RawHTTP.connect(port: server.port)
        defer { close(socket) }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let head = "POST /actions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n"
        _ = head.withCString { send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        let chunk = Array("10000\r\n".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 65536) + Array("\r\n".utf8)
        var sent = 0
        let started = Date()
        while Date().timeIntervalSince(started) < 10 {
            let count = send(socket, chunk, chunk.count, Int32(MSG_NOSIGNAL))
            if count <= 0 { break }
            sent += count
        }
        print("endless body: cut after \(sent) bytes sent in \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
        // What the kernel's buffers hold on both sides, and no more, was taken; then the
        // connection was closed (a reset, which loses the 413 the server had sent).
        #expect(sent < 16 << 20, "\(sent) bytes were sent before the server stopped reading")
        #expect(Date().timeIntervalSince(started) < 10)
        var byte: UInt8 = 0
        let closed = recv(socket, &byte, 1, Int32(MSG_DONTWAIT))
        #expect(closed == 0 || (closed < 0 && errno == ECONNRESET), "the connection is still open")
        let declared = try RawHTTP.exchange(port: server.port, Data("POST /login HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000000000\r\n\r\nabc".utf8))
        #expect(declared?.status == 413)
        #expect(server.process.isRunning)
    }

    /// Another connection holds SQLite's write lock: an action answers 503 with Retry-After
    /// after the 2 s lock wait, and pages (reads, in WAL) render meanwhile.
    @Test func aHeldWriteLockAnswers503WhileOtherPagesRender() throws {
        let fixture = try Self.fixture.get()
        let server = try ConsoleServer(fixture.workspace)
        let holder = try SQLiteDatabase(path: fixture.workspace.root.appendingPathComponent("folio.db").path)
        try holder.execute("BEGIN IMMEDIATE")
        defer { _ = try? holder.execute("ROLLBACK") }
        let port = server.port
        let token = fixture.operatorToken
        let action = DispatchQueue(label: "action")
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var actionAnswer: RawHTTP.Answer?
        action.async {
            let request = "POST /api/jobs/\(ConsoleFixture.held)/cancel HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                + "Authorization: Bearer \(token)\r\nContent-Length: 0\r\n\r\n"
            actionAnswer = try? RawHTTP.exchange(port: port, Data(request.utf8), timeout: 10)
            done.signal()
        }
        usleep(100_000)
        var slowest = 0.0
        for path in ["/", "/jobs", "/jobs/\(ConsoleFixture.held)", "/api/night", "/jobs?state=held", "/jobs/\(ConsoleFixture.done)"] {
            let page = try RawHTTP.get(port: port, path, headers: ["Authorization: Bearer \(token)"], from: "127.0.0.2", timeout: 3)
            #expect(page?.status == 200, "\(path): \(page?.status ?? 0)")
            slowest = max(slowest, page?.seconds ?? 99)
        }
        done.wait()
        print("held lock: the action answered \(actionAnswer?.status ?? 0) after \(String(format: "%.2f", actionAnswer?.seconds ?? 0)) s; pages meanwhile within \(String(format: "%.3f", slowest)) s")
        #expect(slowest < 1.0)
        #expect(actionAnswer?.status == 503 && actionAnswer?.header("Retry-After") != nil)
        #expect((actionAnswer?.seconds ?? 99) < 4)
        _ = try holder.execute("ROLLBACK")
        #expect(try fixture.workspace.states()[ConsoleFixture.held] == "held")
        #expect(server.process.isRunning)
    }
}
