import Jobs

/// Which job's process ends how: `FOLIO_TEST_FAULT=ID:segv,ID2:oom,ID3:exit,ID4:kill-after-delivery`.
struct FaultPlan {
    struct Invalid: Error, CustomStringConvertible {
        var item: Substring
        var description: String {
            "FOLIO_TEST_FAULT: \"\(item)\" is not ID:FAULT with FAULT one of \(Fault.allCases.map(\.rawValue).joined(separator: ", "))"
        }
    }

    let faults: [String: Fault]

    init(_ text: String) throws(Invalid) {
        var faults: [String: Fault] = [:]
        for item in text.split(separator: ",") {
            // The fault follows the last colon: job ids may hold colons of their own.
            guard let colon = item.lastIndex(of: ":"), let fault = Fault(rawValue: String(item[item.index(after: colon)...])) else {
                throw Invalid(item: item)
            }
            faults[String(item[..<colon])] = fault
        }
        self.faults = faults
    }

    /// The job processes' hooks: each job's fault strikes at its moment.
    var hooks: JobProcess.Hooks {
        let faults = faults
        return JobProcess.Hooks(
            beforeWork: { job in
                if let fault = faults[job], !fault.waitsForDelivery { fault.strike() }
            },
            afterDeliveryRecorded: { job in
                if let fault = faults[job], fault.waitsForDelivery { fault.strike() }
            })
    }
}
