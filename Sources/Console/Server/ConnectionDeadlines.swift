import Foundation

/// Deadlines libmicrohttpd 0.9.75 does not have: its only timeout counts silence, so headers or
/// a body sent a byte a second would hold a connection for ever. Each connection is armed with
/// a deadline for its current phase; a watchdog shuts down (never closes: the library owns the
/// descriptor) the socket of one that missed it, and the library then closes it. The library
/// reports a connection closed before it closes the descriptor, so under the lock a descriptor
/// in the table is always the connection's own.
final class ConnectionDeadlines: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [UInt: (descriptor: Int32, deadline: Double)] = [:]
    private var stopped = false
    private let finished = DispatchSemaphore(value: 0)

    init() {
        // The thread holds the watcher until stop() ends it.
        let thread = Thread { [self] in self.watch() }
        thread.name = "folio-serve-deadlines"
        thread.start()
    }

    func start(_ connection: OpaquePointer, descriptor: Int32, seconds: Double) {
        guard descriptor >= 0 else { return }
        lock.withLock { entries[Self.key(connection)] = (descriptor, Self.now() + seconds) }
    }

    /// A new deadline for a connection still open; nil means none (a worker is answering, or
    /// the answer is being sent).
    func arm(_ connection: OpaquePointer, seconds: Double?) {
        lock.withLock {
            guard var entry = entries[Self.key(connection)] else { return }
            entry.deadline = seconds.map { Self.now() + $0 } ?? .infinity
            entries[Self.key(connection)] = entry
        }
    }

    func closed(_ connection: OpaquePointer) {
        _ = lock.withLock { entries.removeValue(forKey: Self.key(connection)) }
    }

    func stop() {
        lock.withLock { stopped = true }
        finished.wait()
    }

    private func watch() {
        while lock.withLock({ !stopped }) {
            usleep(250_000)
            let now = Self.now()
            lock.withLock {
                for (key, entry) in entries where entry.deadline < now {
                    shutdown(entry.descriptor, Int32(SHUT_RDWR))
                    entries[key] = nil
                }
            }
        }
        finished.signal()
    }

    private static func key(_ connection: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection))) }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
