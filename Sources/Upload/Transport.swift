import Foundation

/// How a file travels to a destination: copied into a folder on this host, one HTTP request, or
/// tus's resumable upload. The caller picks one from the destination's typed transport, once,
/// and sends every file through the same call.
public protocol Transport: Sendable {
    func deliver(_ request: DeliveryRequest, idempotencyKey: String, hooks: DeliveryHooks) -> DeliveryResult
}

extension HTTPUploader: Transport {}
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
