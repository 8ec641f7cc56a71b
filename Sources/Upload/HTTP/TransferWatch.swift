import Foundation

/// The two clocks of one request. While the body goes out, the low-speed limit: fewer than
/// `lowSpeedBytes` a second for `lowSpeedTime` seconds means the connection stalled, and what
/// arrived is incomplete, so sending again is safe. Once the last byte has gone, only the
/// response timeout: the printer may be reading, storing or preflighting a whole file, and an
/// answer that never comes leaves the request's outcome unknown. libcurl's own low-speed limit
/// runs in both phases, which made a printer that answers slowly look like a stalled upload
/// and had the same file sent ten times.
struct TransferWatch {
    enum Verdict: Equatable {
        case goOn
        /// Sending fell under the low-speed limit: the body did not arrive whole.
        case stalled
        /// The whole body went out and no answer came within the response timeout.
        case unanswered
        /// The status line came, but the rest of the answer did not within the response timeout.
        case answerStalled
    }

    var lowSpeedTime: Double
    var lowSpeedBytes: Int64
    var responseTimeout: Double

    private var window: (start: Double, sent: Int64)?
    /// When the last byte of the body was handed to the connection (or, with no body, when
    /// the request was first seen under way).
    private(set) var sentWholeAt: Double?
    private var answeredAt: Double?

    init(lowSpeedTime: Int, lowSpeedBytes: Int, responseTimeout: Int) {
        self.lowSpeedTime = Double(max(1, lowSpeedTime))
        self.lowSpeedBytes = Int64(max(1, lowSpeedBytes))
        self.responseTimeout = Double(max(1, responseTimeout))
    }

    /// `sent` of `total` body bytes have gone out (`total` 0: no body, or not known yet) at
    /// `now` seconds; `answered` once the status line has arrived.
    mutating func observe(sent: Int64, of total: Int64, answered: Bool, at now: Double) -> Verdict {
        if answered {
            // The answer too must end in time: a printer that sends its status line and then
            // nothing would hold the job forever.
            let since = answeredAt ?? now
            answeredAt = since
            return now - since > responseTimeout ? .answerStalled : .goOn
        }
        if total > 0 && sent < total {
            sentWholeAt = nil
            guard let window else {
                self.window = (now, sent)
                return .goOn
            }
            if now - window.start >= lowSpeedTime {
                if sent - window.sent < Int64(Double(lowSpeedBytes) * lowSpeedTime) { return .stalled }
                self.window = (now, sent)
            }
            return .goOn
        }
        let whole = sentWholeAt ?? now
        sentWholeAt = whole
        return now - whole > responseTimeout ? .unanswered : .goOn
    }

    /// Monotonic seconds, for `observe`.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
