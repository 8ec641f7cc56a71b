import CCurl
import CCurlShim
import Foundation

/// One HTTP request that sends a file from disk as it goes (never whole in memory).
struct HTTPAttempt {
    struct Outcome {
        var status: Int
        var curlCode: Int
        var error: String?
        var bytesSent: Int64
        /// Response headers, names lower-cased.
        var headers: [String: String]
        /// The printer acknowledged the whole body and no answer came within the response
        /// timeout: it may hold the file, or not.
        var unanswered = false
        /// The whole body was handed over and the server closed without a word (52). A server
        /// that stops reading mid-body closes the same way once its kernel has taken the rest,
        /// so this is a failure worth sending again, but one a PUT destination is asked about
        /// first.
        var closedAfterBody = false
        /// The printer's side acknowledged every byte of the body.
        var acknowledgedWhole = false

        /// The server's name for what it stored, when it gives one.
        var responseID: String? { headers["location"] ?? headers["x-request-id"] ?? headers["request-id"] }
    }

    /// Per-transfer state the C callbacks reach through their user-data pointer.
    final class Context {
        let handle: UnsafeMutableRawPointer
        let descriptor: Int32
        let sendsBody: Bool
        let shouldAbort: @Sendable () -> Bool
        let stopping: @Sendable () -> Bool
        /// When the stop was first seen with the whole body acknowledged: the answer is awaited
        /// from then for `stopGrace` at most.
        var stopSeenAt: Double?
        var headers: [String: String] = [:]
        var body = Data()
        var watch: TransferWatch
        /// Why the progress callback stopped the transfer, when it did.
        var verdict = TransferWatch.Verdict.goOn
        /// A status line has arrived.
        var answered = false
        /// Cut off by `shouldAbort` (the job is another's, or its process was told to stop).
        var aborted = false
        var uploadTotal: Int64 = 0
        var uploaded: Int64 = 0

        init(handle: UnsafeMutableRawPointer, descriptor: Int32, sendsBody: Bool, watch: TransferWatch,
             shouldAbort: @escaping @Sendable () -> Bool, stopping: @escaping @Sendable () -> Bool) {
            self.handle = handle
            self.descriptor = descriptor
            self.sendsBody = sendsBody
            self.watch = watch
            self.shouldAbort = shouldAbort
            self.stopping = stopping
        }

        /// Cuts the transfer off: closing becomes a reset, so nothing still buffered here
        /// reaches the printer afterwards.
        func cutOff() -> Int32 {
            _ = folio_curl_reset_on_close(handle)
            aborted = true
            return 1
        }
    }

    var url: String
    var method: String
    var headers: [String]
    var file: URL
    var size: Int64
    var connectTimeout: Int
    var lowSpeedTime: Int
    var lowSpeedBytes: Int
    /// Seconds to wait for the answer once the whole body has gone (`TransferWatch`).
    var responseTimeout = 600
    /// POST multipart: the form field that carries the file, and plain fields beside it.
    var formField: String?
    var formFields: [String: String] = [:]
    /// Multipart: the file part's own Content-Digest header.
    var partDigest: String?
    /// Send the file from this byte on (a resumed tus upload), or no body at all (`nil` file
    /// range: HEAD, or a tus creation POST).
    var offset: Int64 = 0
    var sendsBody = true
    /// A private CA's certificates (PEM), for a printer whose server certificate is not from a
    /// public one; verification stays on.
    var caFile: String?
    var shouldAbort: @Sendable () -> Bool = { false }
    var stopping: @Sendable () -> Bool = { false }
    /// How long a stopping process waits for the answer to a body the printer already has:
    /// within systemd's `TimeoutStopSec` (120 s), so the request is recorded before SIGKILL.
    static let stopGrace = 60.0

    func run() -> Outcome {
        guard let curl = CurlHandle() else {
            return Outcome(status: 0, curlCode: -1, error: "libcurl could not start", bytesSent: 0, headers: [:])
        }
        let descriptor = open(file.path, O_RDONLY)
        guard descriptor >= 0 else {
            return Outcome(status: 0, curlCode: -1, error: "cannot open \(file.lastPathComponent)", bytesSent: 0, headers: [:])
        }
        defer { close(descriptor) }
        let watch = TransferWatch(lowSpeedTime: lowSpeedTime, lowSpeedBytes: lowSpeedBytes, responseTimeout: responseTimeout)
        let context = Context(handle: curl.handle, descriptor: descriptor, sendsBody: sendsBody, watch: watch, shouldAbort: shouldAbort,
                              stopping: stopping)
        let pointer = Unmanaged.passUnretained(context).toOpaque()
        curl.set(CURLOPT_URL, url)
        curl.set(CURLOPT_NOSIGNAL, 1)
        curl.set(CURLOPT_FOLLOWLOCATION, 0)  // redirects are judged by the uploader, per origin
        curl.set(CURLOPT_SSL_VERIFYPEER, 1)
        curl.set(CURLOPT_SSL_VERIFYHOST, 2)
        if let caFile { curl.set(CURLOPT_CAINFO, caFile) }
        curl.set(CURLOPT_CONNECTTIMEOUT, connectTimeout)
        // No CURLOPT_LOW_SPEED_*: libcurl's limit also runs while a printer reads or checks a
        // body it already has; the progress callback keeps the two phases apart.
        curl.set(CURLOPT_HEADERDATA, pointer: pointer)
        curl.set(CURLOPT_WRITEDATA, pointer: pointer)
        curl.accept(folio_curl_set_header_function(curl.handle) { buffer, size, count, user in
            guard let buffer, let user else { return 0 }
            let context = Unmanaged<Context>.fromOpaque(user).takeUnretainedValue()
            let line = String(decoding: UnsafeRawBufferPointer(start: buffer, count: size * count), as: UTF8.self)
            if line.hasPrefix("HTTP/") {
                context.headers = [:]  // a new response (after 100 Continue)
                // Only a final status is an answer; a 1xx is not.
                let code = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
                if code >= 200 { context.answered = true }
            }
            if let colon = line.firstIndex(of: ":") {
                let name = line[..<colon].lowercased()
                context.headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            }
            return size * count
        }, "the header callback")
        curl.accept(folio_curl_set_write_function(curl.handle) { buffer, size, count, user in
            guard let buffer, let user else { return 0 }
            let context = Unmanaged<Context>.fromOpaque(user).takeUnretainedValue()
            if context.body.count < 4096 { context.body.append(UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: min(size * count, 4096)) }
            return size * count
        }, "the body callback")
        curl.set(CURLOPT_XFERINFODATA, pointer: pointer)
        curl.set(CURLOPT_NOPROGRESS, 0)
        curl.accept(folio_curl_set_xferinfo_function(curl.handle) { user, _, _, total, sent in
            guard let user else { return 0 }
            let context = Unmanaged<Context>.fromOpaque(user).takeUnretainedValue()
            // Sent is what the printer's side acknowledged, not what libcurl handed over
            // (counted before any cut-off, so that a body it has whole is known as such).
            let pending = Int64(max(0, folio_curl_unacknowledged(context.handle)))
            (context.uploadTotal, context.uploaded) = (Int64(total), max(0, Int64(sent) - pending))
            // Another may hold the job now: cut off, whatever the progress.
            if context.shouldAbort() { return context.cutOff() }
            let now = TransferWatch.now()
            if context.stopping() {
                // Before the last byte the printer cannot have the file: cut off. After it, the
                // printer may be reading what its kernel holds, so the answer is awaited.
                let whole = context.uploadTotal > 0 && context.uploaded >= context.uploadTotal
                if !whole && !context.answered { return context.cutOff() }
                let since = context.stopSeenAt ?? now
                context.stopSeenAt = since
                if now - since > HTTPAttempt.stopGrace { return context.cutOff() }
            }
            context.verdict = context.watch.observe(sent: context.uploaded, of: Int64(total), answered: context.answered, at: now)
            if context.verdict == .stalled { _ = folio_curl_reset_on_close(context.handle) }
            return context.verdict == .goOn ? 0 : 1
        }, "the progress callback")
        var mime: OpaquePointer?
        if let formField {
            mime = curl_mime_init(curl.handle)
            if mime == nil { curl.accept(CURLE_OUT_OF_MEMORY, "the form") }
            for (name, value) in formFields.sorted(by: { $0.key < $1.key }) {
                let part = curl_mime_addpart(mime)
                curl.accept(curl_mime_name(part, name), "the form field \(name)")
                curl.accept(curl_mime_data(part, value, Int(CURL_ZERO_TERMINATED)), "the form field \(name)")
            }
            let part = curl_mime_addpart(mime)
            curl.accept(curl_mime_name(part, formField), "the form's file field")
            // curl reads the file itself, in chunks, as it sends.
            curl.accept(curl_mime_filedata(part, file.path), "the file \(file.lastPathComponent)")
            curl.accept(curl_mime_type(part, "application/octet-stream"), "the file's type")
            if let partDigest {
                let list = curl_slist_append(nil, "Content-Digest: \(partDigest)")
                // The part takes the list and frees it.
                curl.accept(list == nil ? CURLE_OUT_OF_MEMORY : curl_mime_headers(part, list, 1), "the file's digest header")
            }
            curl.set(CURLOPT_MIMEPOST, pointer: UnsafeRawPointer(mime))
        } else if method == "HEAD" {
            curl.set(CURLOPT_NOBODY, 1)
        } else {
            curl.set(CURLOPT_UPLOAD, 1)
            if method != "PUT" { curl.set(CURLOPT_CUSTOMREQUEST, method) }
            curl.set(CURLOPT_READDATA, pointer: pointer)
            if offset > 0 { lseek(descriptor, off_t(offset), SEEK_SET) }
            curl.set(CURLOPT_INFILESIZE_LARGE, offset: sendsBody ? size - offset : 0)
            curl.accept(folio_curl_set_read_function(curl.handle) { buffer, size, count, user in
                guard let buffer, let user else { return Int(CURL_READFUNC_ABORT) }
                let context = Unmanaged<Context>.fromOpaque(user).takeUnretainedValue()
                guard context.sendsBody else { return 0 }
                let got = read(context.descriptor, buffer, size * count)
                return got < 0 ? Int(CURL_READFUNC_ABORT) : got
            }, "the read callback")
        }
        curl.setHeaders(headers + ["Expect:"])
        let (code, message) = withExtendedLifetime(context) { curl.perform() }
        if let mime { curl_mime_free(mime) }
        let status = curl.responseCode
        var error: String? = code == CURLE_OK ? nil : message
        var curlCode = Int(code.rawValue)
        // Our own clocks stop a transfer through the callback (42); each is a timeout (28).
        switch context.verdict {
        case .goOn: break
        case .stalled:
            curlCode = Int(CURLE_OPERATION_TIMEDOUT.rawValue)
            error = "Operation too slow: less than \(lowSpeedBytes) bytes/sec sent for \(lowSpeedTime) seconds"
        case .unanswered:
            curlCode = Int(CURLE_OPERATION_TIMEDOUT.rawValue)
            error = "no answer within \(responseTimeout) s after the whole body was sent: the server may hold it"
        case .answerStalled:
            curlCode = Int(CURLE_OPERATION_TIMEDOUT.rawValue)
            error = "the answer (HTTP \(status)) did not end within \(responseTimeout) s"
        }
        // The printer said 2xx before the transfer was cut off or its answer stalled: it took
        // the file, whatever became of the rest of its answer.
        if (200..<300).contains(status) && context.answered && (context.aborted || context.verdict == .answerStalled) {
            error = nil
            curlCode = 0
        }
        if error == nil && status >= 400 {
            let snippet = String(decoding: context.body.prefix(200), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            error = "HTTP \(status)" + (snippet.isEmpty ? "" : ": \(snippet)")
        }
        var outcome = Outcome(status: status, curlCode: curlCode, error: error, bytesSent: curl.bytesSent, headers: context.headers)
        let carriesBody = (sendsBody && size > offset) || formField != nil
        let handedOver = context.uploadTotal > 0 && curl.bytesSent >= context.uploadTotal
        // Cut off once the printer had acknowledged every byte: it may hold the file as surely
        // as one that never answers.
        let acknowledgedWhole = context.uploadTotal > 0 && context.uploaded >= context.uploadTotal
        outcome.unanswered = carriesBody && status == 0 && (context.verdict == .unanswered || (context.aborted && acknowledgedWhole))
        // Closed without a word (52) once the whole body was handed over: the printer may have
        // read it all first. A reset (55, 56) is not: a server resets a connection whose bytes
        // it left unread, and closes one it read to the end.
        outcome.closedAfterBody = carriesBody && status == 0 && handedOver && code == CURLE_GOT_NOTHING
        outcome.acknowledgedWhole = carriesBody && acknowledgedWhole
        return outcome
    }
}
