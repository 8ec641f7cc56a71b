import Foundation

/// How a test makes one job's process end: as a fault inside a C library would (`segv`), as an
/// exhausted memory would (`oom`), without a word, as when its report cannot be written
/// (`exit`), or killed the hardest way right after its first file reached the ledger
/// (`kill-after-delivery`), so tests can prove it fails alone and resumes without sending twice.
enum Fault: String, CaseIterable {
    case segv, oom, exit
    case killAfterDelivery = "kill-after-delivery"

    /// Whether it strikes once a delivery is in the ledger rather than before any work.
    var waitsForDelivery: Bool { self == .killAfterDelivery }

    func strike() {
        switch self {
        case .segv:
            // A real invalid access (raise() alone lets the process go on once Swift's
            // backtracer has printed).
            UnsafeMutablePointer<UInt8>(bitPattern: 16)?.pointee = 1
        case .oom:
            var blocks: [UnsafeMutableRawPointer] = []
            while let block = malloc(64 << 20) {
                memset(block, 1, 64 << 20)
                blocks.append(block)
            }
            // Out of address space (the job's memory limit): abort as an allocation failure in
            // a library would.
            abort()
        case .exit:
            Foundation.exit(3)
        case .killAfterDelivery:
            kill(getpid(), SIGKILL)
        }
    }
}
