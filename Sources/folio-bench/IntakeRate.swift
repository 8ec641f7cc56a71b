import Foundation
import Jobs

/// `folio intake` over a hot folder of `orders` order files (into a fresh SQLite queue): orders
/// a second, wall time of the whole command.
enum IntakeRate {
    static func measure(orders: Int, root: URL) throws -> Double {
        let config = try ScaleQueue.workspace(root, queue: "sqlite:../folio.db")
        let inbox = root.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        for index in 0..<orders {
            let id = String(format: "intake-%07d", index)
            let order = try JSONSerialization.data(withJSONObject: BenchWorkspace.order(id: id, export: "anna", product: "a5-softcover"))
            guard FileManager.default.createFile(atPath: inbox.appendingPathComponent("\(id).json").path, contents: order) else {
                throw BenchError("cannot write the hot folder's orders")
            }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BenchWorkspace.executable)
        process.arguments = ["intake", "--config", config.path]
        process.standardOutput = FileHandle.nullDevice
        let start = Date()
        try process.run()
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(start)
        guard process.terminationStatus == 0 else { throw BenchError("folio intake exited \(process.terminationStatus)") }
        let queued = try FolioConfig.load(config).openQueue().metrics().jobsByState[.queued] ?? 0
        guard queued == orders else { throw BenchError("folio intake queued \(queued) of \(orders) orders") }
        return Double(orders) / seconds
    }
}
