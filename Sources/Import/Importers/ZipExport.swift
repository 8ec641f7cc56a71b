import CArchive
import Diagnostics
import Document
import Foundation

/// A zipped export (Day One's), unpacked through libarchive into a folder of the job, and only
/// there: an entry's name may not be absolute or climb with `..`, links and devices are refused,
/// and no more than `maxFiles` files and `maxBytes` bytes are written — counted as they are
/// written, whatever the archive claims, so a zip bomb stops at the limit.
public struct ZipExport {
    var maxBytes: Int64
    var maxFiles: Int

    public init(maxBytes: Int64, maxFiles: Int) {
        self.maxBytes = maxBytes
        self.maxFiles = maxFiles
    }

    /// Unpacks `zip` into `folder` (created); the error names the zip and the entry.
    public func extract(_ zip: URL, into folder: URL, shownAs shown: String) throws(InputError) {
        func refuse(_ message: String) -> InputError {
            InputError([Diagnostic(code: .unsafeArchive, file: shown, path: "export", message: message)])
        }
        guard let archive = archive_read_new() else { throw refuse("libarchive could not start") }
        defer { archive_read_free(archive) }
        archive_read_support_format_zip(archive)
        guard archive_read_open_filename(archive, zip.path, 64 * 1024) == ARCHIVE_OK else {
            throw refuse("not a readable zip: \(Self.message(archive))")
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw refuse("cannot make \(folder.path): \(error)")
        }
        var files = 0
        var written: Int64 = 0
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var entry: OpaquePointer?
        while true {
            let status = archive_read_next_header(archive, &entry)
            if status == ARCHIVE_EOF { break }
            guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else { throw refuse("damaged: \(Self.message(archive))") }
            let name = archive_entry_pathname(entry).map { String(cString: $0) } ?? ""
            let parts = name.split(separator: "/", omittingEmptySubsequences: true)
            guard !name.isEmpty, !name.hasPrefix("/"), !name.contains("\\"), !parts.contains(".."), !parts.contains(".") else {
                throw refuse("the entry \"\(name)\" would be written outside the export")
            }
            let type = archive_entry_filetype(entry)
            // libarchive's AE_IF… macros are the stat modes, which Swift imports.
            if type == Glibc.S_IFDIR { continue }
            guard type == Glibc.S_IFREG, archive_entry_hardlink(entry) == nil else {
                throw refuse("the entry \"\(name)\" is a link or a device, not a file")
            }
            files += 1
            guard files <= maxFiles else { throw refuse("more than \(maxFiles) files") }
            let target = parts.reduce(folder) { $0.appendingPathComponent(String($1)) }
            try? FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: target.path, contents: nil), let handle = try? FileHandle(forWritingTo: target) else {
                throw refuse("cannot write \(name)")
            }
            defer { try? handle.close() }
            while true {
                let count = buffer.withUnsafeMutableBytes { archive_read_data(archive, $0.baseAddress, $0.count) }
                if count == 0 { break }
                guard count > 0 else { throw refuse("the entry \"\(name)\" is damaged: \(Self.message(archive))") }
                written += Int64(count)
                guard written <= maxBytes else {
                    throw refuse("it unpacks to more than \(maxBytes / 1_048_576) MB (import_max_mb): refused as a zip bomb")
                }
                handle.write(Data(buffer[0..<count]))
            }
        }
    }

    private static func message(_ archive: OpaquePointer) -> String {
        archive_error_string(archive).map { String(cString: $0) } ?? "unknown error"
    }
}
