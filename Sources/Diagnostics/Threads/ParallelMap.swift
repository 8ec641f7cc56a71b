import Foundation

/// `transform` over `items` on at most `threads` threads, results in the items' order: a job's
/// files verified side by side, a set's volumes made side by side, a long book's months measured
/// side by side.
public enum ParallelMap {
    public static func map<Item: Sendable, Result: Sendable>(_ items: [Item], threads: Int,
                                                             _ transform: @escaping @Sendable (Item) -> Result) -> [Result] {
        map(items, threads: threads, state: { () }, { _, item in transform(item) })
    }

    /// The same, each thread with `state` of its own, made once on it and used for every item
    /// it takes (what is not for two threads at once: a Pango context, a hyphenator).
    public static func map<Item: Sendable, State, Result: Sendable>(_ items: [Item], threads: Int, state: @escaping @Sendable () -> State,
                                                                    _ transform: @escaping @Sendable (State, Item) -> Result) -> [Result] {
        guard threads > 1, items.count > 1 else {
            let own = state()
            return items.map { transform(own, $0) }
        }
        let slots = Slots<Result>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: min(threads, items.count)) { _ in
            guard let first = slots.take() else { return }
            let own = state()
            var index: Int? = first
            while let taken = index {
                slots.put(transform(own, items[taken]), at: taken)
                index = slots.take()
            }
        }
        return slots.results
    }

    /// The next item to take and the results so far, behind one lock.
    private final class Slots<Result>: @unchecked Sendable {
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
