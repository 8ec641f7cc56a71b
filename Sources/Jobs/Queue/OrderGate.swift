import Import
import Diagnostics
import Foundation

/// Admission of an order into the queue: it decodes, names a product and a destination that
/// exist, and — when `FOLIO_ORDER_KEY` is set — carries a valid HMAC-SHA256 signature over its
/// exact bytes (hex, in `NAME.json.sig` beside it). The job checks the signature again right
/// before rendering, so a row written into the queue by other means cannot bypass it.
public struct OrderGate: Sendable {
    public var config: FolioConfig
    public var key: Data?

    public init(config: FolioConfig, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.config = config
        key = environment["FOLIO_ORDER_KEY"].flatMap { $0.isEmpty ? nil : Data($0.utf8) }
    }

    public func admit(_ data: Data, file: String, signature: String?) throws(InputError) -> Order {
        try checkSignature(data, file: file, signature: signature)
        let order = try Order.decode(data, file: file)
        var issues: [Diagnostic] = []
        for (kind, id, path) in [("products", order.product, "product"), ("destinations", order.destination, "destination")] {
            if !config.available(kind).contains(id) {
                issues.append(Diagnostic(code: .unknownReference, file: file, path: path,
                                         message: "no \(path) \"\(id)\" (available: \(config.available(kind).joined(separator: ", ")))"))
            }
        }
        if !issues.isEmpty { throw InputError(issues) }
        return order
    }

    public func checkSignature(_ data: Data, file: String, signature: String?) throws(InputError) {
        guard let key else { return }
        guard let signature, !signature.isEmpty else {
            throw InputError([Diagnostic(code: .signatureMissing, file: file, path: "",
                                         message: "FOLIO_ORDER_KEY is set: the order needs its HMAC-SHA256 signature in \(URL(fileURLWithPath: file).lastPathComponent).sig")])
        }
        guard HMACSHA256.matches(HMACSHA256.hex(key: key, message: data), signature) else {
            throw InputError([Diagnostic(code: .signatureInvalid, file: file, path: "",
                                         message: "the signature does not match the order's bytes: refused as unpaid or tampered")])
        }
    }

    /// The signature beside an order file, if any.
    public static func signature(besides file: URL) -> String? {
        (try? String(contentsOf: file.appendingPathExtension("sig"), encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
