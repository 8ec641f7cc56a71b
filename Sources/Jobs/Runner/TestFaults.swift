import Foundation

/// Test hook, compiled into debug builds only (the tests run those; the package and the bench
/// are release builds, where it is inert): `FOLIO_TEST_FAULT=ID:segv,ID2:oom,ID3:exit,ID4:kill-after-delivery`
/// makes that job's process crash the way a fault in a C library or an exhausted memory would,
/// end without a word (as when its report cannot be written), or be killed right after its first
/// file was delivered, so tests can prove it fails alone and resumes without sending twice.
enum TestFaults {
    static func fault(for id: String, _ environment: [String: String]) -> Substring? {
        #if DEBUG
        let faults = (environment["FOLIO_TEST_FAULT"] ?? "").split(separator: ",")
        return faults.first { $0.hasPrefix(id + ":") }?.dropFirst(id.count + 1)
        #else
        return nil
        #endif
    }

    static func inject(for id: String, _ environment: [String: String]) {
        #if DEBUG
        switch fault(for: id, environment) {
        case "segv":
            // A real invalid access, as a fault inside a C library would make (raise() alone
            // lets the process go on once Swift's backtracer has printed).
            UnsafeMutablePointer<UInt8>(bitPattern: 16)?.pointee = 1
        case "oom":
            var blocks: [UnsafeMutableRawPointer] = []
            while let block = malloc(64 << 20) {
                memset(block, 1, 64 << 20)
                blocks.append(block)
            }
            // Out of address space: abort as an allocation failure in a library would.
            abort()
        case "exit":
            exit(3)
        default:
            break
        }
        #endif
    }
}
