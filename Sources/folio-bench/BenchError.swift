/// Why the bench could not measure something, with what it was doing.
struct BenchError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
