import Import
import Foundation

/// `config/destinations/ID.json`: where finished files go and how they are sent.
/// Credentials are named by environment variable only.
public struct Destination: Sendable, Equatable {
    public enum Auth: Sendable, Equatable {
        case none
        case bearer(environmentVariable: String)
        case basic(userVariable: String, passwordVariable: String)
    }

    public struct RetryPolicy: Sendable, Equatable {
        public var maxAttempts: Int
        public var baseDelayMS: Int
        public var maxDelayMS: Int
        public var budgetSeconds: Int
    }

    public var id: String
    /// The template with `{order}`, `{file}`, `{kind}` and `{sha256}`; `file:` templates are
    /// resolved against the config folder.
    public var url: String
    public var method: String
    public var headers: [String: String]
    public var auth: Auth
    public var retry: RetryPolicy
    public var configFolder: URL
    public var connectTimeout = 15
    public var lowSpeedSeconds = 30
    public var lowSpeedBytes = 1024
    /// `timeouts.response_s`: how long an answer is awaited once the whole body has gone.
    public var responseSeconds = 600
    /// `lookup`: "head" (the default) asks a PUT destination what it holds before a file whose
    /// request went unanswered is sent again; "none" for a printer that moves files away once
    /// it has them, whose 404 proves nothing (such a file then waits for an operator).
    public var lookup = true
    /// POST only: the multipart field carrying the file, and plain fields beside it
    /// (placeholders allowed in their values).
    /// How the files travel, decided once when the destination is read.
    public var transport = Transport.http
    public var formField = "file"
    public var formFields: [String: String] = [:]
    /// `tls.ca_file`: PEM certificates of a private CA that signed the printer's certificate
    /// (resolved against the config folder); verification stays on either way.
    public var caFile: String?
    /// `review`: whether books sent here wait for an operator once verified.
    public var review = ReviewPolicy.never

    public enum Transport: String, Sendable, Equatable {
        /// A `file:` URL: copied into place on this host.
        case local
        /// One HTTP request a file (`"protocol": "http"`, the default).
        case http
        /// Resumable uploads, tus 1.0 (`"protocol": "tus"`); `url` is the creation endpoint.
        case tus
    }

    static let placeholders = ["order", "file", "kind", "sha256"]

    static func load(_ file: URL, id: String, configFolder: URL) throws(InputError) -> Destination {
        let shown = file.path
        let issues = IssueList(file: shown)
        guard var reader = ObjectReader(try JSONValue.load(file, shownAs: shown), path: "", issues: issues) else {
            throw InputError(issues.issues)
        }
        let url = reader.string("url")
        if let url {
            if !(url.hasPrefix("https://") || url.hasPrefix("http://") || url.hasPrefix("file:")) {
                issues.add(.invalidValue, "url", "expected an https://, http:// or file: URL, got \"\(url)\"")
            }
            for name in placeholderNames(in: url) where !placeholders.contains(name) {
                issues.add(.invalidValue, "url", "unknown placeholder {\(name)} (allowed: {order}, {file}, {kind}, {sha256})")
            }
        }
        let method = reader.choice("method", from: ["PUT", "POST"])
        let headers = reader.stringMap("headers", required: false) ?? [:]
        var auth = Auth.none
        if var authReader = reader.object("auth", required: false) {
            let bearer = authReader.string("bearer_env", required: false)
            let user = authReader.string("basic_user_env", required: false)
            let password = authReader.string("basic_password_env", required: false)
            authReader.rejectUnknownKeys()
            if let bearer {
                auth = .bearer(environmentVariable: bearer)
            } else if let user, let password {
                auth = .basic(userVariable: user, passwordVariable: password)
            } else if user != nil || password != nil {
                issues.add(.missingKey, "auth", "basic auth needs both basic_user_env and basic_password_env")
            }
        }
        var retry = RetryPolicy(maxAttempts: 8, baseDelayMS: 500, maxDelayMS: 60_000, budgetSeconds: 1800)
        if var retryReader = reader.object("retry", required: false) {
            retry.maxAttempts = retryReader.integer("max_attempts", required: false, in: 1...100) ?? retry.maxAttempts
            retry.baseDelayMS = retryReader.integer("base_delay_ms", required: false, in: 0...600_000) ?? retry.baseDelayMS
            retry.maxDelayMS = retryReader.integer("max_delay_ms", required: false, in: 0...3_600_000) ?? retry.maxDelayMS
            retry.budgetSeconds = retryReader.integer("budget_s", required: false, in: 1...86_400) ?? retry.budgetSeconds
            retryReader.rejectUnknownKeys()
        }
        let protocolName = reader.choice("protocol", required: false, from: ["http", "tus"]) ?? "http"
        var timeouts = (connect: 15, lowSpeedSeconds: 30, lowSpeedBytes: 1024, response: 600)
        if var timeoutReader = reader.object("timeouts", required: false) {
            timeouts.connect = timeoutReader.integer("connect_s", required: false, in: 1...600) ?? timeouts.connect
            timeouts.lowSpeedSeconds = timeoutReader.integer("low_speed_s", required: false, in: 1...3600) ?? timeouts.lowSpeedSeconds
            timeouts.lowSpeedBytes = timeoutReader.integer("low_speed_bytes", required: false, in: 1...100_000_000) ?? timeouts.lowSpeedBytes
            timeouts.response = timeoutReader.integer("response_s", required: false, in: 1...86_400) ?? timeouts.response
            timeoutReader.rejectUnknownKeys()
        }
        var form = (field: "file", fields: [String: String]())
        if var formReader = reader.object("form", required: false) {
            form.field = formReader.string("file_field", required: false) ?? form.field
            form.fields = formReader.stringMap("fields", required: false) ?? [:]
            formReader.rejectUnknownKeys()
        }
        var caFile: String?
        if var tlsReader = reader.object("tls", required: false) {
            if let path = tlsReader.string("ca_file", required: false) {
                let resolved = path.hasPrefix("/") ? URL(fileURLWithPath: path) : configFolder.appendingPathComponent(path).standardizedFileURL
                if FileManager.default.isReadableFile(atPath: resolved.path) { caFile = resolved.path } else {
                    issues.add(.notFound, "tls.ca_file", "cannot read \(resolved.path)")
                }
            }
            tlsReader.rejectUnknownKeys()
        }
        if protocolName == "tus", url?.hasPrefix("file:") == true {
            issues.add(.invalidValue, "protocol", "tus needs an https:// or http:// URL; a file: URL is copied in place")
        }
        let lookup = reader.choice("lookup", required: false, from: ["head", "none"]) ?? "head"
        let review = reader.choice("review", required: false, from: ReviewPolicy.names).flatMap(ReviewPolicy.init) ?? .never
        reader.rejectUnknownKeys()
        try issues.check()
        guard let url, let method else { throw InputError(issues.issues) }
        var destination = Destination(id: id, url: url, method: method, headers: headers, auth: auth, retry: retry,
                                      configFolder: configFolder)
        (destination.connectTimeout, destination.lowSpeedSeconds, destination.lowSpeedBytes, destination.responseSeconds) = timeouts
        (destination.formField, destination.formFields) = form
        destination.transport = url.hasPrefix("file:") ? .local : protocolName == "tus" ? .tus : .http
        destination.caFile = caFile
        destination.review = review
        destination.lookup = lookup == "head"
        return destination
    }

    private static func placeholderNames(in template: String) -> [String] {
        var names: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
