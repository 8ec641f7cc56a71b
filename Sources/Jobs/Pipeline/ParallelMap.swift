import Foundation

/// `transform` over `items` on at most `threads` threads, results in the items' order: the
/// verifiers of one job's files run side by side once the files exist.
enum ParallelMap {
    static func map<Item: Sendable, Result: Sendable>(_ items: [Item], threads: Int,
                                                      _ transform: @escaping @Sendable (Item) -> Result) -> [Result] {
        guard threads > 1, items.count > 1 else { return items.map(transform) }
        let state = State<Result>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: min(threads, items.count)) { _ in
            while let index = state.take() {
                state.put(transform(items[index]), at: index)
            }
        }
        return state.results
    }

    /// The next item to take and the results so far, behind one lock.
    private final class State<Result>: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0
        private var slots: [Result?]

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func take() -> Int? {
            lock.withLock {
                guard next < slots.count else { return nil }
                defer { next += 1 }
                return next
            }
        }

        func put(_ result: Result, at index: Int) { lock.withLock { slots[index] = result } }

        var results: [Result] { lock.withLock { slots.compactMap { $0 } } }
    }
}
