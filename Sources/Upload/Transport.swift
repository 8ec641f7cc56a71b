import Foundation

/// How a file travels to a destination: copied into a folder on this host, one HTTP request, or
/// tus's resumable upload. The caller picks one from the destination's typed transport, once,
/// and sends every file through the same call.
public protocol Transport: Sendable {
    func deliver(_ request: DeliveryRequest, idempotencyKey: String, hooks: DeliveryHooks) -> DeliveryResult
    /// Asks the destination whether it holds the request's file, with the one request that
    /// asked; nil where it cannot be asked.
    func holding(_ request: DeliveryRequest, idempotencyKey: String, hooks: DeliveryHooks) -> (holding: Holding, request: DeliveryAttempt)?
}

extension Transport {
    public func holding(_ request: DeliveryRequest, idempotencyKey: String, hooks: DeliveryHooks) -> (holding: Holding, request: DeliveryAttempt)? {
        nil
    }
}

extension HTTPUploader: Transport {
    /// A PUT destination is asked with HEAD (`HoldingLookup`); a multipart POST cannot be.
    public func holding(_ request: DeliveryRequest, idempotencyKey: String, hooks: DeliveryHooks) -> (holding: Holding, request: DeliveryAttempt)? {
        guard settings.formField == nil, settings.lookup else { return nil }
        let size = (try? FileManager.default.attributesOfItem(atPath: request.file.path)[.size] as? Int64) ?? 0
        var headers = settings.headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" } + ["Idempotency-Key: \(idempotencyKey)"]
        if let authorization = settings.authorization { headers.append("Authorization: \(authorization)") }
        let lookup = HoldingLookup(settings: settings, url: request.url, size: size, digest: Self.base64(hex: request.sha256),
                                   headers: headers, shouldAbort: hooks.shouldAbort).run()
        hooks.onAttempt(lookup.request)
        return lookup
    }
}

extension TusUploader: Transport {}

/// `file:` folders as a transport: each copy is its one attempt, told to the hooks as it ends.
public struct LocalTransport: Transport {
    public init() {}

    public func deliver(_ request: DeliveryRequest, idempotencyKey: String, hooks: DeliveryHooks = .none) -> DeliveryResult {
        let result = LocalDelivery.deliver(request)
        result.attempts.forEach(hooks.onAttempt)
        return result
    }
}
