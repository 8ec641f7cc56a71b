import Foundation

/// A small deterministic generator (SplitMix64), so a failing fuzz run can be repeated.
struct FuzzRandom {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next64() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next64() % UInt64(bound)) }

    mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }

    /// Printable garbage, percent signs and all (a request line cannot carry raw control bytes
    /// without ending it).
    mutating func bytes(_ count: Int) -> String {
        let alphabet = Array("abcXYZ019%&=+;/?#[]@!$'()*,-._~\"<>\\^`{|}")
        return String((0..<count).map { _ in pick(alphabet) })
    }
}
