import Foundation
import Upload

/// Sends each verified output to the order's destination and records every attempt.
struct DeliverStage {
    var destination: Destination
    var orderID: String

    func run(_ outputs: [JobReport.Output], folder: URL) -> (uploads: [JobReport.Upload], delivered: Bool) {
        var uploads: [JobReport.Upload] = []
        var delivered = true
        for output in outputs {
            let request = DeliveryRequest(url: url(for: output), file: folder.appendingPathComponent(output.file),
                                          sha256: output.sha256, baseFolder: destination.configFolder)
            let result: DeliveryResult
            if request.url.hasPrefix("file:") {
                result = LocalDelivery.deliver(request)
            } else {
                result = DeliveryResult(delivered: false, attempts: [DeliveryAttempt(httpStatus: nil,
                                                                                     error: "HTTP delivery is not built in this version", bytesSent: 0)])
            }
            delivered = delivered && result.delivered
            uploads.append(JobReport.Upload(file: output.file, destination: destination.id, status: result.delivered ? "done" : "failed",
                                            attempts: result.attempts.map { .init(httpStatus: $0.httpStatus, error: $0.error, bytesSent: $0.bytesSent) }))
        }
        return (uploads, delivered)
    }

    /// The template with `{order}`, `{file}`, `{kind}` and `{sha256}` filled in, each value
    /// percent-encoded so none can change the URL's shape.
    func url(for output: JobReport.Output) -> String {
        var url = destination.url
        for (name, value) in [("order", orderID), ("file", output.file), ("kind", output.kind), ("sha256", output.sha256)] {
            let encoded = value.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))) ?? value
            url = url.replacingOccurrences(of: "{\(name)}", with: encoded)
        }
        return url
    }
}
