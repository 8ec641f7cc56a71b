import CCurl

/// Whether a failed request is worth sending again. A connection that dies at any point is
/// transient; what the server or its certificate says on purpose is not. README's table of
/// retry classes is this file.
enum RetryClass: Equatable {
    case transient, permanent

    /// HTTP answers that say "later", not "no".
    static let transientStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]

    /// libcurl codes for a connection that broke, at whatever point.
    static let transientCodes: Set<UInt32> = [
        // Only http:// and https:// URLs reach libcurl, so "unsupported protocol" is the
        // server's answer: HTTP/0.9 (no status line at all) or a version libcurl does not know.
        CURLE_UNSUPPORTED_PROTOCOL.rawValue,
        CURLE_COULDNT_RESOLVE_PROXY.rawValue, CURLE_COULDNT_RESOLVE_HOST.rawValue, CURLE_COULDNT_CONNECT.rawValue,
        CURLE_WEIRD_SERVER_REPLY.rawValue,  // a garbled status line or headers
        CURLE_HTTP2.rawValue,  // the HTTP/2 framing layer failed
        CURLE_PARTIAL_FILE.rawValue,
        CURLE_OPERATION_TIMEDOUT.rawValue,  // also a transfer slower than the low-speed limit
        CURLE_SSL_CONNECT_ERROR.rawValue,  // a TLS handshake cut short
        CURLE_GOT_NOTHING.rawValue,  // closed after the request, before any answer
        CURLE_SEND_ERROR.rawValue, CURLE_RECV_ERROR.rawValue,  // reset before or during the body
        CURLE_HTTP2_STREAM.rawValue,  // the server reset the stream
        CURLE_HTTP3.rawValue,
    ]

    /// `status` is 0 when no HTTP answer arrived; `failed` when the request did not succeed.
    /// Everything else is permanent: TLS certificate and host-name failures (58, 60, 77, 90),
    /// a transfer Folio stopped itself (42), other 4xx and 5xx.
    static func of(status: Int, curlCode: Int, failed: Bool) -> RetryClass {
        if status != 0 && !(200..<300).contains(status) { return transientStatuses.contains(status) ? .transient : .permanent }
        guard failed else { return .permanent }
        return curlCode >= 0 && transientCodes.contains(UInt32(curlCode)) ? .transient : .permanent
    }
}
