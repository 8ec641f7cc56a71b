import CMHD
import CMHDShim
import Foundation

// libmicrohttpd's callbacks: plain functions (no captured context; the server and the request's
// state travel as the library's opaque pointers).

let postIterator: MHD_PostDataIterator = { cls, _, key, _, _, _, data, offset, size in
    guard let cls, let key else { return MHD_Result.YES }
    let state = Unmanaged<RequestState>.fromOpaque(cls).takeUnretainedValue()
    let bytes = data.map { Data(bytes: $0, count: size) } ?? Data()
    state.add(key: String(cString: key), offset: offset, bytes: bytes)
    return MHD_Result.YES
}

let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, uploadData, uploadSize, requestContext in
    guard let cls, let connection, let requestContext, let uploadSize else { return MHD_Result.NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    guard let stored = requestContext.pointee else {
        // The headers are in: the body has its own deadline.
        server.deadlines.arm(connection, seconds: server.limits.bodySeconds)
        let state = RequestState()
        let pointer = Unmanaged.passRetained(state).toOpaque()
        requestContext.pointee = pointer
        let declared = values(connection, MHD_ValueKind.HEADER_KIND, lowercased: true)["content-length"]
        if let declared, UInt64(declared).map({ $0 > UInt64(server.limits.bodyBytes) }) ?? true {
            state.answered = true
            return server.queue(tooLarge(), on: connection)
        }
        if let method, String(cString: method) == "POST" {
            state.postProcessor = MHD_create_post_processor(connection, 16 * 1024, postIterator, pointer)
        }
        return MHD_Result.YES
    }
    let state = Unmanaged<RequestState>.fromOpaque(stored).takeUnretainedValue()
    if state.answered {
        uploadSize.pointee = 0
        return MHD_Result.YES
    }
    if uploadSize.pointee > 0 {
        let size = uploadSize.pointee
        uploadSize.pointee = 0
        state.bodyBytes += size
        if state.bodyBytes > server.limits.bodyBytes {
            // Answered early: the library reads no more of the body and closes the connection.
            state.answered = true
            return server.queue(tooLarge(), on: connection)
        }
        // A body the library cannot parse as the form it claims to be is refused, not half read.
        if !state.malformed, let processor = state.postProcessor, let uploadData,
           MHD_post_process(processor, uploadData, size) != MHD_Result.YES {
            state.malformed = true
        }
        return MHD_Result.YES
    }
    if let response = state.response { return server.queue(response, on: connection) }
    if state.malformed {
        state.answered = true
        return server.queue(.text("The form could not be read.", status: 400), on: connection)
    }
    state.finish()
    let request = HTTPRequest(method: method.map { String(cString: $0) } ?? "GET", path: url.map { String(cString: $0) } ?? "/",
                              query: values(connection, MHD_ValueKind.GET_ARGUMENT_KIND),
                              form: state.form, headers: values(connection, MHD_ValueKind.HEADER_KIND, lowercased: true),
                              client: client(connection))
    // A worker answers; no deadline while it does (or while a large file is sent).
    server.deadlines.arm(connection, seconds: nil)
    MHD_suspend_connection(connection)
    let suspended = SuspendedConnection(pointer: connection)
    let accepted = server.workers.submit(request) { response in
        state.response = response
        MHD_resume_connection(suspended.pointer)
    }
    if !accepted {
        state.response = RequestWorkers.busy(retryAfter: 5)
        MHD_resume_connection(connection)
    }
    return MHD_Result.YES
}

let requestCompleted: MHD_RequestCompletedCallback = { cls, connection, requestContext, _ in
    if let cls, let connection {
        // A kept-alive connection's next request has the header deadline again.
        let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
        server.deadlines.arm(connection, seconds: server.limits.headerSeconds)
    }
    guard let requestContext, let stored = requestContext.pointee else { return }
    Unmanaged<RequestState>.fromOpaque(stored).release()
    requestContext.pointee = nil
}

let connectionNotified: MHD_NotifyConnectionCallback = { cls, connection, _, code in
    guard let cls, let connection else { return }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    if code.rawValue == 0 {  // MHD_CONNECTION_NOTIFY_STARTED
        server.deadlines.start(connection, descriptor: folio_mhd_connection_fd(connection), seconds: server.limits.headerSeconds)
    } else {
        server.deadlines.closed(connection)
    }
}

private func tooLarge() -> HTTPResponse {
    var response = HTTPResponse.text("The request is too large.", status: 413)
    response.headers.append(("Connection", "close"))
    return response
}

/// The query's arguments or the headers, as the library decoded them (the first of repeats).
func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind, lowercased: Bool = false) -> [String: String] {
    final class Box { var values: [String: String] = [:]; var lowercased = false }
    let box = Box()
    box.lowercased = lowercased
    let iterator: MHD_KeyValueIterator = { cls, _, key, value in
        guard let cls, let key else { return MHD_Result.YES }
        let box = Unmanaged<Box>.fromOpaque(cls).takeUnretainedValue()
        var name = String(cString: key)
        if box.lowercased { name = name.lowercased() }
        if box.values[name] == nil { box.values[name] = value.map { String(cString: $0) } ?? "" }
        return MHD_Result.YES
    }
    _ = withExtendedLifetime(box) { MHD_get_connection_values(connection, kind, iterator, Unmanaged.passUnretained(box).toOpaque()) }
    return box.values
}

func client(_ connection: OpaquePointer) -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    guard folio_mhd_client_address(connection, &buffer, buffer.count) == 0 else { return "unknown" }
    return String(cString: buffer)
}
