import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// Hold for review through the real binary: `"review"` in a product or destination keeps a
/// verified book from the printer until `folio approve` (delivered as verified) or
/// `folio reject --reason` (failed, the reason in its report).
@Suite struct ReviewTests {
    func reviewedWorkspace(destinationReview: String? = nil, productReview: String? = nil) throws -> Workspace {
        let workspace = try Workspace.batch(#", "max_attempts": 1"#)
        let config = workspace.root.appendingPathComponent("config")
        if let productReview {
            let file = config.appendingPathComponent("products/a5-softcover.json")
            var product = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            product["review"] = productReview
            try JSONSerialization.data(withJSONObject: product).write(to: file)
        }
        if let destinationReview {
            let file = config.appendingPathComponent("destinations/local.json")
            var destination = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            destination["review"] = destinationReview
            try JSONSerialization.data(withJSONObject: destination).write(to: file)
        }
        return workspace
    }

    func outbox(_ workspace: Workspace, _ id: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: workspace.root.appendingPathComponent("var/outbox/\(id)").path)) ?? []).sorted()
    }

    @Test func anApprovedBookIsDeliveredAsVerifiedAndARejectedOneFails() throws {
        let workspace = try reviewedWorkspace(destinationReview: "always")
        let ids = try workspace.drop(2, prefix: "rev", outputs: ["interior", "cover"])
        let first = try workspace.run()
        #expect(first.status == 0, "\(first.output)\(first.errors)")
        #expect(try workspace.states() == [ids[0]: "held", ids[1]: "held"])
        for id in ids {
            let report = try workspace.report(id)
            #expect(report.status == .held && report.review?.state == .held && report.uploads.isEmpty)
            #expect(outbox(workspace, id).isEmpty, "nothing reaches the printer before a person decides")
        }
        #expect(try workspace.folio(["approve", "nobody"]).status == 2)
        #expect(try workspace.folio(["reject", ids[1]]).status == 2, "a rejection needs a reason")
        let approve = try workspace.folio(["approve", ids[0]])
        #expect(approve.status == 0 && approve.output.contains("approved"))
        #expect(try workspace.folio(["approve", ids[0]]).status == 2, "only held jobs can be approved")
        let reject = try workspace.folio(["reject", ids[1], "--reason", "the customer asked to wait"])
        #expect(reject.status == 0, "\(reject.errors)")
        let interior = workspace.jobs.appendingPathComponent("\(ids[0])/interior.pdf")
        let rendered = try #require(try FileManager.default.attributesOfItem(atPath: interior.path)[.modificationDate] as? Date)

        let second = try workspace.run()
        #expect(second.status == 0, "\(second.output)\(second.errors)")
        #expect(try workspace.states() == [ids[0]: "done", ids[1]: "failed"])
        let approved = try workspace.report(ids[0])
        #expect(approved.status == .done && approved.review?.state == .approved)
        #expect(approved.review?.by?.contains("@") == true)
        #expect(approved.stages.prefix(3).allSatisfy { $0.status == .reused }, "\(approved.stages)")
        #expect(try FileManager.default.attributesOfItem(atPath: interior.path)[.modificationDate] as? Date == rendered)
        #expect(outbox(workspace, ids[0]) == ["cover.pdf", "interior.pdf"])
        // The rejection is in the report, on this host's disk and in the queue for every host.
        let rejected = try workspace.report(ids[1])
        #expect(rejected.status == .failed && rejected.error?.code == "rejected-in-review")
        #expect(rejected.error?.message.hasSuffix("the customer asked to wait") == true)
        let stored = try #require(try workspace.config.openQueue().jobFile(job: ids[1], name: "report.json"))
        #expect(try JSONDecoder().decode(JobReport.self, from: stored).review?.state == .rejected)
        #expect(outbox(workspace, ids[1]).isEmpty)
    }

    @Test func warningsHoldOnlyBooksWithWarnings() throws {
        let workspace = try reviewedWorkspace(productReview: "warnings")
        let clean = try workspace.drop(1, prefix: "clean")
        // A photo far below the product's resolution: one low-resolution-image warning.
        let export = workspace.exports.appendingPathComponent("lowres")
        try FileManager.default.createDirectory(at: export.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: corpusRoot.appendingPathComponent("photos/color/pillow_hopper_gray.jpg"),
                                         to: export.appendingPathComponent("photos/h.jpg"))
        try JSONSerialization.data(withJSONObject: Sample.journal([Sample.entry("w1", "2025-01-05T09:00:00Z",
                                                                                photos: [["file": "photos/h.jpg"]])]))
            .write(to: export.appendingPathComponent("journal.json"))
        try JSONSerialization.data(withJSONObject: Sample.order(id: "warned", export: "lowres"))
            .write(to: workspace.root.appendingPathComponent("inbox/warned.json"))
        _ = try workspace.run()
        #expect(try workspace.states() == [clean[0]: "done", "warned": "held"])
        let why = try #require(try workspace.config.openQueue().job("warned")?.lastError)
        #expect(why.contains("1 low-resolution-image"))
    }

    @Test func anUnknownReviewPolicyIsAnErrorNamingFileAndKey() throws {
        let workspace = try reviewedWorkspace(productReview: "sometimes")
        let (_, data) = try workspace.writeOrder(Sample.order(id: "x", export: "none"))
        let report = Pipeline(config: try workspace.config).run(orderData: data, orderFile: "x.json", into: workspace.jobs.appendingPathComponent("x"))
        #expect(report.status == .rejected)
        #expect(report.error?.details.contains { $0.contains("a5-softcover.json") && $0.contains("review") && $0.contains("sometimes") } == true,
                "\(String(describing: report.error))")
    }
}
