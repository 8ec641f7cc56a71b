import Foundation
import Jobs

/// What every worker's console shares: the tokens, the sessions, the credential throttle, who
/// is a trusted proxy, and whether the console is open (`--no-auth`).
public final class ConsoleGate: @unchecked Sendable {
    let tokens: ConsoleTokens
    /// `--no-auth` on loopback: everyone is the local operator (forms still carry CSRF tokens).
    let open: Bool
    let addresses: ClientAddress
    /// Cookies are always `Secure` (`--secure-cookies`: the console is only reached over TLS).
    let alwaysSecure: Bool
    let sessions = Sessions()
    let throttle = CredentialThrottle()

    public init(tokens: ConsoleTokens, open: Bool, trustedProxies: [String] = [], secureCookies: Bool = false) {
        self.tokens = tokens
        self.open = open
        addresses = ClientAddress(trustedProxies: Set(trustedProxies))
        alwaysSecure = secureCookies
    }

    func secure(_ request: HTTPRequest) -> Bool { alwaysSecure || addresses.overTLS(request) }
}
