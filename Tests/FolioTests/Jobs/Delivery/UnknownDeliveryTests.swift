import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// A file that went out whole and was never answered is never sent again blindly, through the
/// real `folio run`: a printer that answers late gets each file once, a PUT printer is asked,
/// and otherwise the job waits in `delivery-unknown` for an operator's word.
@Suite(.serialized) struct UnknownDeliveryTests {
    /// A destination `NAME` on `url`; `response` sets `timeouts.response_s` (the default otherwise).
    func destination(_ name: String, url: String, method: String = "PUT", tus: Bool = false, response: Int? = nil,
                     in workspace: Workspace) throws {
        let timeouts = response.map { #", "timeouts": {"response_s": \#($0)}"# } ?? ""
        try Data("""
            {"url": "\(url)", "method": "\(method)"\(tus ? #", "protocol": "tus""# : "")\(timeouts),
             "retry": {"max_attempts": 4, "base_delay_ms": 10, "max_delay_ms": 1000, "budget_s": 300}}
            """.utf8).write(to: workspace.root.appendingPathComponent("config/destinations/\(name).json"))
    }

    func posts(_ server: FaultServer, _ path: String) throws -> Int {
        try server.requests().filter { $0["path"] as? String == path && $0["method"] as? String == "POST" }.count
    }

    /// 40 s between the last byte and the answer, with every destination default: each file is
    /// accepted once and each job is done in its first attempt (PUT, multipart POST, tus).
    @Test func printersThatAnswerFortySecondsLateGetEachFileOnce() throws {
        let server = try FaultServer()
        let workspace = try Workspace.batch()
        try destination("put", url: server.url("late40/{order}/{file}"), in: workspace)
        try destination("post", url: server.url("late40/{order}/{file}"), method: "POST", in: workspace)
        try destination("tus", url: server.url("tus/late40/"), method: "POST", tus: true, in: workspace)
        var ids: [String: String] = [:]
        for kind in ["put", "post", "tus"] {
            ids[kind] = try workspace.drop(1, prefix: kind, extra: ["destination": kind], outputs: ["interior"]).first
        }
        let result = try workspace.run(workers: 3)
        #expect(result.status == 0, "\(result.output)\n\(result.errors)")
        for (kind, id) in ids {
            let report = try workspace.report(id)
            #expect(report.status == .done && report.attempts == 1, "\(kind): \(String(describing: report.error))")
        }
        let accepted = try server.accepted()
        for kind in ["put", "post"] { #expect(accepted["/late40/\(ids[kind] ?? "")/interior.pdf"] == 1, "\(kind): \(accepted)") }
        #expect(try server.requests().filter { $0["method"] as? String == "complete" }.count == 1)
        let sends = try server.requests().filter { ["PUT", "POST", "PATCH"].contains($0["method"] as? String) }
        #expect(sends.count == 3, "one request per file: \(sends)")
    }

    /// A POST printer that never answers: the job waits in `delivery-unknown`; the operator says
    /// the file arrived, and the next attempt records it without sending anything.
    @Test func aSilentPrinterWaitsForTheOperatorWhoSaysItArrived() throws {
        let server = try FaultServer()
        let workspace = try Workspace.batch()
        try destination("printer", url: server.url("silent/{order}/{file}"), method: "POST", response: 2, in: workspace)
        let id = try #require(try workspace.drop(1, prefix: "silent", extra: ["destination": "printer"], outputs: ["interior"]).first)
        let first = try workspace.run(workers: 1)
        #expect(first.status != 0)
        #expect(try workspace.states()[id] == "delivery-unknown", "\(first.output)")
        let waiting = try workspace.report(id)
        #expect(waiting.status == .deliveryUnknown && waiting.error?.code == "delivery-unanswered", "\(String(describing: waiting.error))")
        #expect(waiting.uploads.first?.status == "unknown")
        #expect(try workspace.config.openQueue().requests(id).map(\.requestClass) == ["unknown"])
        // A retry is no way round it, and a second run leaves it waiting.
        #expect(try workspace.folio(["retry", id]).status != 0)
        _ = try workspace.run(workers: 1)
        #expect(try workspace.states()[id] == "delivery-unknown")
        #expect(try posts(server, "/silent/\(id)/interior.pdf") == 1)

        let said = try workspace.folio(["arrived", id])
        #expect(said.status == 0, "\(said.output)\(said.errors)")
        let second = try workspace.run(workers: 1)
        #expect(second.status == 0, "\(second.output)")
        let report = try workspace.report(id)
        #expect(report.status == .done, "\(String(describing: report.error))")
        #expect(report.uploads.first?.delivered != nil && report.uploads.first?.note?.contains("word") == true, "\(report.uploads)")
        #expect(try posts(server, "/silent/\(id)/interior.pdf") == 1, "nothing was sent again")
        #expect(try workspace.config.openQueue().deliveries(id).count == 1)
    }

    /// The operator has it sent again instead: it goes once more, and the report says it is a
    /// copy sent on purpose.
    @Test func sendAgainSendsOnceMoreOnPurpose() throws {
        let server = try FaultServer()
        let workspace = try Workspace.batch()
        try destination("printer", url: server.url("silent/{order}/{file}"), method: "POST", response: 2, in: workspace)
        let id = try #require(try workspace.drop(1, prefix: "again", extra: ["destination": "printer"], outputs: ["interior"]).first)
        _ = try workspace.run(workers: 1)
        #expect(try workspace.states()[id] == "delivery-unknown")
        #expect(try workspace.folio(["send-again", id]).status == 2, "a reason is required")
        #expect(try workspace.folio(["send-again", id, "--reason", "the printer has no record of it"]).status == 0)
        let second = try workspace.run(workers: 1)
        #expect(second.status == 0, "\(second.output)")
        let report = try workspace.report(id)
        #expect(report.status == .done)
        #expect(report.uploads.first?.note?.contains("on purpose") == true && report.uploads.first?.note?.contains("no record") == true,
                "\(report.uploads)")
        #expect(try posts(server, "/silent/\(id)/interior.pdf") == 2)
        #expect(try server.accepted()["/silent/\(id)/interior.pdf"] == 1)
        let events = try workspace.config.openQueue().events(id).map(\.event)
        #expect(events.contains("delivery-unknown") && events.contains("send-again"), "\(events)")
    }

    /// A delivered file the printer lost: sent again on purpose, once, recorded as a second
    /// delivery with its reason; a job not delivered cannot be.
    @Test func aDeliveredJobCanBeSentAgainOnPurpose() throws {
        let server = try FaultServer()
        let workspace = try Workspace.batch()
        try destination("printer", url: server.url("ok/{order}/{file}"), in: workspace)
        let id = try #require(try workspace.drop(1, prefix: "copy", extra: ["destination": "printer"], outputs: ["interior"]).first)
        #expect(try workspace.run(workers: 1).status == 0)
        #expect(try workspace.folio(["arrived", id]).status == 2, "a delivered job has nothing unknown")
        #expect(try workspace.folio(["send-again", id, "--reason", "lost in the shop's storage"]).status == 0)
        #expect(try workspace.run(workers: 1).status == 0)
        #expect(try server.accepted()["/ok/\(id)/interior.pdf"] == 2)
        // The copy has a key of its own: a printer that honours keys would otherwise keep none.
        let keys = try server.requests().filter { $0["path"] as? String == "/ok/\(id)/interior.pdf" }.compactMap { $0["idempotency_key"] as? String }
        #expect(keys.count == 2 && Set(keys).count == 2, "\(keys)")
        #expect(try workspace.config.openQueue().deliveries(id).count == 2)
        let report = try workspace.report(id)
        #expect(report.status == .done && report.uploads.first?.note?.contains("lost in the shop") == true, "\(report.uploads)")
    }

    /// A PUT printer that never answers is asked with HEAD; it holds the file whole, so the job
    /// is done in its first attempt and nothing is sent again.
    @Test func aSilentPutPrinterIsAskedAndTheJobIsDone() throws {
        let server = try FaultServer()
        let workspace = try Workspace.batch()
        try destination("printer", url: server.url("silent/{order}/{file}"), response: 2, in: workspace)
        let id = try #require(try workspace.drop(1, prefix: "asked", extra: ["destination": "printer"], outputs: ["interior"]).first)
        #expect(try workspace.run(workers: 1).status == 0)
        let report = try workspace.report(id)
        #expect(report.status == .done && report.attempts == 1, "\(String(describing: report.error))")
        let seen = try server.requests().filter { $0["path"] as? String == "/silent/\(id)/interior.pdf" }.map { $0["method"] as? String }
        #expect(seen == ["PUT", "HEAD"], "\(seen)")
    }
}
