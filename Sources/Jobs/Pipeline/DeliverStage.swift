import Foundation
import Prepress
import Upload

/// Sends each verified output to the order's destination and records every attempt.
struct DeliverStage {
    var destination: Destination
    var orderID: String
    var environment: [String: String] = ProcessInfo.processInfo.environment

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
                switch settings(for: output) {
                case .success(let settings):
                    let key = SHA256.hex(of: Data("\(orderID):\(output.file):\(output.sha256)".utf8))
                    if destination.protocolName == "tus" {
                        result = TusUploader(settings: settings, checksum: { SHA256.base64(ofFile: $0, from: $1) })
                            .deliver(request, idempotencyKey: key)
                    } else {
                        result = HTTPUploader(settings: settings).deliver(request, idempotencyKey: key)
                    }
                case .failure(let problem):
                    result = DeliveryResult(delivered: false, attempts: [DeliveryAttempt(httpStatus: nil, error: problem.description, bytesSent: 0)])
                }
            }
            delivered = delivered && result.delivered
            uploads.append(JobReport.Upload(file: output.file, destination: destination.id, status: result.delivered ? "done" : "failed",
                                            attempts: result.attempts.map { .init(httpStatus: $0.httpStatus, error: $0.error, bytesSent: $0.bytesSent) }))
        }
        return (uploads, delivered)
    }

    struct Problem: Error, CustomStringConvertible { var description: String }

    /// HTTP settings from the destination; credentials come from the environment now, by name.
    func settings(for output: JobReport.Output) -> Result<HTTPUploader.Settings, Problem> {
        var settings = HTTPUploader.Settings()
        settings.method = destination.method
        settings.headers = destination.headers
        settings.maxAttempts = destination.retry.maxAttempts
        settings.baseDelay = Double(destination.retry.baseDelayMS) / 1000
        settings.maxDelay = Double(destination.retry.maxDelayMS) / 1000
        settings.budget = Double(destination.retry.budgetSeconds)
        settings.connectTimeout = destination.connectTimeout
        settings.lowSpeedTime = destination.lowSpeedSeconds
        settings.lowSpeedBytes = destination.lowSpeedBytes
        if destination.method == "POST" {
            settings.formField = destination.formField
            settings.formFields = destination.formFields.mapValues { fill($0, output) }
        }
        switch destination.auth {
        case .none: break
        case .bearer(let variable):
            guard let token = environment[variable], !token.isEmpty else {
                return .failure(Problem(description: "the environment variable \(variable) (destination \(destination.id)'s token) is not set"))
            }
            settings.authorization = "Bearer \(token)"
        case .basic(let userVariable, let passwordVariable):
            guard let user = environment[userVariable], let password = environment[passwordVariable] else {
                return .failure(Problem(description: "the environment variables \(userVariable) and \(passwordVariable) must both be set"))
            }
            settings.authorization = "Basic \(Data("\(user):\(password)".utf8).base64EncodedString())"
        }
        return .success(settings)
    }

    /// The template with `{order}`, `{file}`, `{kind}` and `{sha256}` filled in, each value
    /// percent-encoded so none can change the URL's shape.
    func url(for output: JobReport.Output) -> String { fill(destination.url, output) }

    private func fill(_ template: String, _ output: JobReport.Output) -> String {
        var url = template
        for (name, value) in [("order", orderID), ("file", output.file), ("kind", output.kind), ("sha256", output.sha256)] {
            let encoded = value.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))) ?? value
            url = url.replacingOccurrences(of: "{\(name)}", with: encoded)
        }
        return url
    }
}
