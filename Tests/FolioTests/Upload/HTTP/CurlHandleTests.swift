import CCurl
import Testing
@testable import Upload

/// Every libcurl setup call is checked: a transfer whose option libcurl refused (a TLS check,
/// a timeout it does not know) is not attempted without it, it fails naming what was refused.
@Suite struct CurlHandleTests {
    @Test func aRefusedOptionFailsTheTransferInsteadOfRunningWithoutIt() throws {
        let curl = try #require(CurlHandle())
        curl.set(CURLOPT_URL, "http://127.0.0.1:9/never-asked")
        curl.set(CURLoption(rawValue: 99_999), 1)
        let (code, message) = curl.perform()
        #expect(code == CURLE_UNKNOWN_OPTION, "\(code)")
        #expect(message.contains("libcurl refused option 99999"), "\(message)")
    }

    @Test func acceptedOptionsLeaveTheTransferToRun() throws {
        let curl = try #require(CurlHandle())
        curl.set(CURLOPT_URL, "http://127.0.0.1:9/nothing-listens")
        curl.set(CURLOPT_CONNECTTIMEOUT, 2)
        let (code, message) = curl.perform()
        // Port 9 has no listener: the transfer ran, and failed on the connection, not on setup.
        #expect(code == CURLE_COULDNT_CONNECT, "\(code): \(message)")
        #expect(!message.contains("refused option"))
    }
}
