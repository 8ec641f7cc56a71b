/// Finds every one of many phrases in one pass over bytes (Aho–Corasick over UTF-8): the cost
/// is the haystack's length plus the matches, whatever the number of phrases.
public struct PhraseMatcher: Sendable {
    /// The root's transitions for every byte (the root is visited most).
    private var rootNext: [Int32]
    /// Each other node's edges, sorted by byte, in `edgeBytes[edgeStart[n]..<edgeStart[n + 1]]`.
    private var edgeStart: [Int32]
    private var edgeBytes: [UInt8]
    private var edgeTargets: [Int32]
    private var failure: [Int32]
    /// The phrase that ends at a node, or −1.
    private var terminal: [Int32]
    /// The nearest node down the failure chain that ends a phrase, or −1.
    private var outputLink: [Int32]
    public let patternCount: Int

    /// `patterns` are byte strings; an empty one is ignored. Matches report indices into it.
    public init(_ patterns: [[UInt8]]) {
        patternCount = patterns.count
        var children: [[(byte: UInt8, node: Int32)]] = [[]]
        var terminal: [Int32] = [-1]
        for (index, pattern) in patterns.enumerated() where !pattern.isEmpty {
            var node = 0
            for byte in pattern {
                if let next = children[node].first(where: { $0.byte == byte }) {
                    node = Int(next.node)
                } else {
                    children.append([])
                    terminal.append(-1)
                    children[node].append((byte, Int32(children.count - 1)))
                    node = children.count - 1
                }
            }
            if terminal[node] < 0 { terminal[node] = Int32(index) }
        }
        var edgeStart: [Int32] = [0]
        var edgeBytes: [UInt8] = []
        var edgeTargets: [Int32] = []
        for edges in children {
            for edge in edges.sorted(by: { $0.byte < $1.byte }) {
                edgeBytes.append(edge.byte)
                edgeTargets.append(edge.node)
            }
            edgeStart.append(Int32(edgeBytes.count))
        }
        var rootNext = [Int32](repeating: 0, count: 256)
        for edge in children[0] { rootNext[Int(edge.byte)] = edge.node }
        self.rootNext = rootNext
        self.edgeStart = edgeStart
        self.edgeBytes = edgeBytes
        self.edgeTargets = edgeTargets
        self.terminal = terminal
        failure = [Int32](repeating: 0, count: children.count)
        outputLink = [Int32](repeating: -1, count: children.count)
        // Breadth first, so that every node's failure is known before its children's.
        var queue: [Int32] = children[0].map(\.node)
        var head = 0
        while head < queue.count {
            let node = Int(queue[head])
            head += 1
            for edge in children[node] {
                let child = Int(edge.node)
                let fail = node == 0 ? 0 : step(from: Int(failure[node]), edge.byte)
                failure[child] = Int32(fail)
                outputLink[child] = terminal[fail] >= 0 ? Int32(fail) : outputLink[fail]
                queue.append(edge.node)
            }
        }
    }

    private func child(of node: Int, _ byte: UInt8) -> Int? {
        if node == 0 { return rootNext[Int(byte)] == 0 ? nil : Int(rootNext[Int(byte)]) }
        var index = Int(edgeStart[node])
        let end = Int(edgeStart[node + 1])
        while index < end {
            if edgeBytes[index] == byte { return Int(edgeTargets[index]) }
            if edgeBytes[index] > byte { return nil }
            index += 1
        }
        return nil
    }

    private func step(from node: Int, _ byte: UInt8) -> Int {
        var node = node
        while true {
            if let next = child(of: node, byte) { return next }
            if node == 0 { return 0 }
            node = Int(failure[node])
        }
    }

    /// The indices of the phrases that occur in `bytes`, each once. `counter` is told the bytes
    /// read and the phrase ends examined, so tests can prove the cost without a clock.
    public func matches(in bytes: UnsafeBufferPointer<UInt8>, counter: ScanCounter? = nil) -> Set<Int> {
        var found: Set<Int> = []
        var examined = 0
        var node = 0
        for byte in bytes {
            node = step(from: node, byte)
            var output = terminal[node] >= 0 ? Int32(node) : outputLink[node]
            while output >= 0 {
                examined += 1
                // A phrase already found was found with all its suffixes: stop there.
                guard found.insert(Int(terminal[Int(output)])).inserted else { break }
                output = outputLink[Int(output)]
            }
        }
        counter?.record(bytes: bytes.count, phraseEnds: examined)
        return found
    }

    public func matches(in bytes: [UInt8], counter: ScanCounter? = nil) -> Set<Int> {
        bytes.withUnsafeBufferPointer { matches(in: $0, counter: counter) }
    }
}
