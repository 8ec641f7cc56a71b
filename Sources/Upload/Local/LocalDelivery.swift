import Foundation

/// `file:` destinations: the file is copied in chunks to a temporary name beside its target
/// and renamed into place, so a printer's hot folder never sees half a file.
public enum LocalDelivery {
    public static func deliver(_ request: DeliveryRequest) -> DeliveryResult {
        let path = String(request.url.dropFirst("file:".count)).removingPercentEncoding ?? ""
        let target = path.hasPrefix("/") ? URL(fileURLWithPath: path) : request.baseFolder.appendingPathComponent(path).standardizedFileURL
        let temporary = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).partial")
        do {
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: temporary)
            FileManager.default.createFile(atPath: temporary.path, contents: nil)
            let reader = try FileHandle(forReadingFrom: request.file)
            let writer = try FileHandle(forWritingTo: temporary)
            var sent: Int64 = 0
            while let chunk = try reader.read(upToCount: 1 << 20), !chunk.isEmpty {
                try writer.write(contentsOf: chunk)
                sent += Int64(chunk.count)
            }
            try reader.close()
            try writer.synchronize()
            try writer.close()
            guard rename(temporary.path, target.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot rename into \(target.path)"])
            }
            return DeliveryResult(delivered: true, attempts: [DeliveryAttempt(httpStatus: nil, error: nil, bytesSent: sent,
                                                                             url: target.absoluteString)])
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            return DeliveryResult(delivered: false, attempts: [DeliveryAttempt(httpStatus: nil, error: error.localizedDescription, bytesSent: 0,
                                                                              url: target.absoluteString)])
        }
    }
}
