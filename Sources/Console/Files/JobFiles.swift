import Foundation
import Jobs

/// A job's files as the console serves them: only a known name of a known job — its outputs
/// (named by its report), its reports and previews, `page-N.jpg` for N within its pages — and
/// only a regular file inside the jobs folder itself, never through a symbolic link. No part
/// of a request's path ever reaches the file system.
struct JobFiles {
    var config: FolioConfig
    var queue: ReportArchive

    /// The published report (the queue's copy, which every host sees), else the job folder's.
    func report(_ id: String) throws -> JobReport? {
        let data = try queue.jobFile(job: id, name: "report.json") ?? read(id, "report.json")
        return data.flatMap { try? JSONDecoder().decode(JobReport.self, from: $0) }
    }

    func exists(_ id: String, _ name: String) -> Bool {
        (try? queue.jobFile(job: id, name: name)) != nil || open(id, [name]) .map { close($0.descriptor) } != nil
    }

    func hasThumbnails(_ id: String) -> Bool { open(id, [PageThumbnail.folder, PageThumbnail.name(1)]).map { close($0.descriptor) } != nil }

    /// The response for `name` of job `id`, or nil (404) when it is not one of the job's files.
    func serve(_ id: String, _ name: String) throws -> HTTPResponse? {
        let report = try report(id)
        if ReportStore.names.contains(name) {
            let type = name.hasSuffix(".png") ? "image/png" : name.hasSuffix(".json") ? "application/json" : "text/html; charset=utf-8"
            if let data = try queue.jobFile(job: id, name: name) { return Self.response(.bytes(data), type: type, name: name) }
            return open(id, [name]).map { Self.response(.file(descriptor: $0.descriptor, size: $0.size), type: type, name: name) }
        }
        if name.hasPrefix("page-"), name.hasSuffix("-large.jpg"), let pages = report?.interiorPages,
           let number = BoundedInput.page(name.dropFirst(5).dropLast(10), of: pages), let place = report?.interiorPage(number) {
            // Drawn from the job's own file (a set's volume), checked the way every file here is (no link, no escape).
            guard let pdf = checkedPath(id, place.file) else { return nil }
            guard let jpeg = LargePage.jpeg(of: pdf, page: place.page) else {
                var busy = HTTPResponse.text("The page could not be drawn just now; try again in a moment.", status: 503)
                busy.headers.append(("Retry-After", "5"))
                return busy
            }
            return Self.response(.bytes(jpeg), type: "image/jpeg", name: name)
        }
        if name.hasPrefix("page-"), name.hasSuffix(".jpg"), let page = Int(name.dropFirst(5).dropLast(4)),
           let pages = report?.interiorPages, (1...max(1, pages)).contains(page) {
            return open(id, [PageThumbnail.folder, PageThumbnail.name(page)])
                .map { Self.response(.file(descriptor: $0.descriptor, size: $0.size), type: "image/jpeg", name: name) }
        }
        guard let output = report?.outputs.first(where: { $0.file == name }), !name.contains("/"), !name.hasPrefix(".") else { return nil }
        let type = name.hasSuffix(".pdf") ? "application/pdf" : name.hasSuffix(".epub") ? "application/epub+zip" : "application/octet-stream"
        return open(id, [output.file]).map { Self.response(.file(descriptor: $0.descriptor, size: $0.size), type: type, name: name, download: true) }
    }

    /// The last lines of the job's `job.log` (what its process printed), control characters
    /// other than line breaks removed; nil when there is none.
    func logTail(_ id: String, lines: Int = 40, bytes: Int = 16 * 1024) -> String? {
        guard let file = open(id, ["job.log"]) else { return nil }
        let handle = FileHandle(fileDescriptor: file.descriptor, closeOnDealloc: true)
        let start = file.size > UInt64(bytes) ? file.size - UInt64(bytes) : 0
        guard (try? handle.seek(toOffset: start)) != nil, let data = try? handle.readToEnd(), !data.isEmpty else { return nil }
        let text = String(decoding: data, as: UTF8.self).unicodeScalars.filter { $0 == "\n" || $0 == "\t" || $0.properties.generalCategory != .control }
        let tail = String(String.UnicodeScalarView(text)).split(separator: "\n", omittingEmptySubsequences: false).suffix(lines)
        return tail.joined(separator: "\n")
    }

    private static func response(_ body: HTTPResponse.Body, type: String, name: String, download: Bool = false) -> HTTPResponse {
        var headers = [("Content-Type", type), ("Cache-Control", "private, max-age=300"),
                       // A served report is a document of its own: no script, nothing but its pictures. The
                       // sandbox keeps the console's origin (a sandbox without it is a foreign origin, whose
                       // picture requests carry no Strict cookie and come back as the sign-in page); with
                       // scripts, forms and frames still off, the origin lets the report do nothing but load them.
                       ("Content-Security-Policy", "default-src 'none'; script-src 'none'; img-src 'self'; style-src 'unsafe-inline'; "
                           + "sandbox allow-same-origin")]
        if download { headers.append(("Content-Disposition", "attachment; filename=\"\(name)\"")) }
        return HTTPResponse(status: 200, headers: headers, body: body)
    }

    private func read(_ id: String, _ name: String) -> Data? {
        guard let file = open(id, [name]) else { return nil }
        let handle = FileHandle(fileDescriptor: file.descriptor, closeOnDealloc: true)
        return try? handle.readToEnd()
    }

    /// The path of the job's regular file `name` when `open` would serve it, for a tool to read.
    private func checkedPath(_ id: String, _ name: String) -> String? {
        guard !name.contains("/"), !name.hasPrefix("."), let file = open(id, [name]), let jobs = Self.realPath(config.jobs.path) else { return nil }
        close(file.descriptor)
        return [jobs, id, name].joined(separator: "/")
    }

    /// Opens `jobs/ID/components…` when every folder on the way is the real one (no symbolic
    /// link anywhere below the jobs folder) and the file is a regular file, not a link.
    private func open(_ id: String, _ components: [String]) -> (descriptor: Int32, size: UInt64)? {
        guard JobIdentifier.isValid(id), let jobs = Self.realPath(config.jobs.path) else { return nil }
        let folder = ([jobs, id] + components.dropLast()).joined(separator: "/")
        guard let name = components.last, Self.realPath(folder) == folder else { return nil }
        let descriptor = Glibc.open(folder + "/" + name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            return nil
        }
        return (descriptor, UInt64(status.st_size))
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
