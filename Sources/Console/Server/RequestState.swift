import CMHD
import Foundation

/// What one request has gathered while its body arrives, and its answer once a worker made it.
final class RequestState: @unchecked Sendable {
    var form: [String: [String]] = [:]
    /// Field values in pieces as the post processor hands them over.
    var pending: [String: Data] = [:]
    var bodyBytes = 0
    var postProcessor: OpaquePointer?
    /// Set by the worker before it resumes the connection.
    var response: HTTPResponse?
    /// An answer was queued early (a body too large): nothing more is read or answered.
    var answered = false
    /// The library could not parse the body as the form it claims to be: the rest is read and
    /// dropped, then the request is answered 400 (answering mid-body would lose the answer to
    /// the reset that closing with unread bytes causes).
    var malformed = false

    deinit { if let postProcessor { MHD_destroy_post_processor(postProcessor) } }

    /// Pieces with offset 0 begin a new value of that field.
    func add(key: String, offset: UInt64, bytes: Data) {
        if offset == 0, let earlier = pending.removeValue(forKey: key) {
            form[key, default: []].append(String(decoding: earlier, as: UTF8.self))
        }
        pending[key, default: Data()].append(bytes)
    }

    func finish() {
        for (key, value) in pending { form[key, default: []].append(String(decoding: value, as: UTF8.self)) }
        pending = [:]
    }
}

/// A connection pointer handed to a worker, which only resumes it.
struct SuspendedConnection: @unchecked Sendable {
    var pointer: OpaquePointer
}
