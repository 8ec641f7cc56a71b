import Foundation
import FolioCommandLine
import Upload

/// `folio _upload FILE URL --sha256 HEX`: one HTTP delivery with the default retry settings.
/// Hidden: the tests measure its memory on a large file.
enum UploadCommand {
    static func run(_ arguments: Arguments, console: Terminal) -> Int32 {
        guard arguments.positional.count == 2, let sha = arguments.options["sha256"] else {
            console.complain("usage: folio _upload FILE URL --sha256 HEX")
            return 2
        }
        let file = URL(fileURLWithPath: arguments.positional[0])
        let request = DeliveryRequest(url: arguments.positional[1], file: file, sha256: sha, baseFolder: file.deletingLastPathComponent())
        let result = HTTPUploader(settings: HTTPUploader.Settings()).deliver(request, idempotencyKey: sha)
        for attempt in result.attempts {
            console.say("attempt: \(attempt.httpStatus.map { "HTTP \($0)" } ?? "-") \(attempt.error ?? "") \(attempt.bytesSent) bytes")
        }
        return result.delivered ? 0 : 1
    }
}
