import CCurl
import CCurlShim
import Foundation

/// Owns one libcurl easy handle, its error buffer (heap memory, as libcurl requires) and the
/// header list of the current transfer.
final class CurlHandle {
    private static let globalInit: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    let handle: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var headers: UnsafeMutablePointer<curl_slist>?
    /// The first option libcurl refused while the transfer was set up: the transfer is not
    /// attempted with a setting missing (a TLS check, a timeout), it fails with this.
    private var refused: (code: CURLcode, what: String)?

    init?() {
        guard Self.globalInit, let handle = curl_easy_init() else { return nil }
        self.handle = handle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        accept(folio_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer), "option \(CURLOPT_ERRORBUFFER.rawValue)")
    }

    deinit {
        curl_slist_free_all(headers)
        curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    func set(_ option: CURLoption, _ value: Int) { accept(folio_curl_set_long(handle, option, value), option) }
    func set(_ option: CURLoption, _ value: String) { accept(value.withCString { folio_curl_set_pointer(handle, option, $0) }, option) }
    func set(_ option: CURLoption, pointer: UnsafeRawPointer?) { accept(folio_curl_set_pointer(handle, option, pointer), option) }
    func set(_ option: CURLoption, offset: Int64) { accept(folio_curl_set_offset(handle, option, curl_off_t(offset)), option) }

    /// Records what a setup call of libcurl answered (a callback's setter, say); the first
    /// refusal fails the transfer.
    func accept(_ code: CURLcode, _ what: @autoclosure () -> String) {
        if code != CURLE_OK, refused == nil { refused = (code, what()) }
    }

    private func accept(_ code: CURLcode, _ option: CURLoption) { accept(code, "option \(option.rawValue)") }

    func setHeaders(_ lines: [String]) {
        curl_slist_free_all(headers)
        headers = nil
        for line in lines {
            guard let appended = curl_slist_append(headers, line) else {
                accept(CURLE_OUT_OF_MEMORY, "the request's headers")
                break
            }
            headers = appended
        }
        set(CURLOPT_HTTPHEADER, pointer: headers)
    }

    /// Runs the transfer; returns curl's code and its own words for a failure.
    func perform() -> (code: CURLcode, message: String) {
        if let refused {
            return (refused.code, "libcurl refused \(refused.what): \(String(cString: curl_easy_strerror(refused.code)))")
        }
        errorBuffer[0] = 0
        let code = curl_easy_perform(handle)
        let detail = String(cString: errorBuffer)
        return (code, detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail)
    }

    var responseCode: Int {
        var code = 0
        _ = folio_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &code)
        return code
    }

    var bytesSent: Int64 {
        var sent: curl_off_t = 0
        _ = folio_curl_get_offset(handle, CURLINFO_SIZE_UPLOAD_T, &sent)
        return Int64(sent)
    }
}
