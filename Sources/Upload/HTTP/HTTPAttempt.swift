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

        /// The server's name for what it stored, when it gives one.
        var responseID: String? { headers["location"] ?? headers["x-request-id"] ?? headers["request-id"] }
    }

    /// Per-transfer state the C callbacks reach through their user-data pointer.
    final class Context {
        let descriptor: Int32
        let sendsBody: Bool
        let shouldAbort: @Sendable () -> Bool
        var headers: [String: String] = [:]
        var body = Data()

        init(descriptor: Int32, sendsBody: Bool, shouldAbort: @escaping @Sendable () -> Bool) {
            self.descriptor = descriptor
            self.sendsBody = sendsBody
            self.shouldAbort = shouldAbort
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

    func run() -> Outcome {
        guard let curl = CurlHandle() else {
            return Outcome(status: 0, curlCode: -1, error: "libcurl could not start", bytesSent: 0, headers: [:])
        }
        let descriptor = open(file.path, O_RDONLY)
        guard descriptor >= 0 else {
            return Outcome(status: 0, curlCode: -1, error: "cannot open \(file.lastPathComponent)", bytesSent: 0, headers: [:])
        }
        defer { close(descriptor) }
        let context = Context(descriptor: descriptor, sendsBody: sendsBody, shouldAbort: shouldAbort)
        let pointer = Unmanaged.passUnretained(context).toOpaque()
        curl.set(CURLOPT_URL, url)
        curl.set(CURLOPT_NOSIGNAL, 1)
        curl.set(CURLOPT_FOLLOWLOCATION, 0)  // redirects are judged by the uploader, per origin
        curl.set(CURLOPT_SSL_VERIFYPEER, 1)
        curl.set(CURLOPT_SSL_VERIFYHOST, 2)
        if let caFile { curl.set(CURLOPT_CAINFO, caFile) }
        curl.set(CURLOPT_CONNECTTIMEOUT, connectTimeout)
        curl.set(CURLOPT_LOW_SPEED_TIME, lowSpeedTime)
        curl.set(CURLOPT_LOW_SPEED_LIMIT, lowSpeedBytes)
        curl.set(CURLOPT_HEADERDATA, pointer: pointer)
        curl.set(CURLOPT_WRITEDATA, pointer: pointer)
        curl.accept(folio_curl_set_header_function(curl.handle) { buffer, size, count, user in
            guard let buffer, let user else { return 0 }
            let context = Unmanaged<Context>.fromOpaque(user).takeUnretainedValue()
            let line = String(decoding: UnsafeRawBufferPointer(start: buffer, count: size * count), as: UTF8.self)
            if line.hasPrefix("HTTP/") { context.headers = [:] }  // a new response (after 100 Continue)
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
        curl.accept(folio_curl_set_xferinfo_function(curl.handle) { user, _, _, _, _ in
            guard let user else { return 0 }
            return Unmanaged<Context>.fromOpaque(user).takeUnretainedValue().shouldAbort() ? 1 : 0
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
        if error == nil && status >= 400 {
            let snippet = String(decoding: context.body.prefix(200), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            error = "HTTP \(status)" + (snippet.isEmpty ? "" : ": \(snippet)")
        }
        return Outcome(status: status, curlCode: Int(code.rawValue), error: error, bytesSent: curl.bytesSent, headers: context.headers)
    }
}
