import Foundation
import Prepress

/// A job's photos, each decoded once and prepared for print and for screens, on a bounded
/// number of threads ahead of the painters. The PDF, the cover, the EPUB and the report's
/// previews all ask here. Prepared JPEGs wait in a scratch folder, not in memory, so memory
/// holds at most one decoded photo per thread however many the book has. What a photo comes to
/// never depends on which thread prepared it: the bytes are those of a one-thread run.
public final class PhotoPool: @unchecked Sendable {
    /// One photo at one pixel cap: the unit of work.
    public struct Request: Hashable, Sendable {
        public var file: URL
        public var cap: Int

        public init(file: URL, cap: Int) {
            self.file = file
            self.cap = cap
        }
    }

    private enum Slot {
        case pending
        case working
        case done(print: StoredPhoto?, screen: StoredPhoto?)
        case failed(PhotoError)
    }

    private let product: Product
    private let scratch: URL
    private let ownsScratch: Bool
    private let screens: Bool
    private let condition = NSCondition()
    private var order: [Request] = []
    /// Each request's place in `order`, which names its files.
    private var numbers: [Request: Int] = [:]
    private var slots: [Request: Slot] = [:]
    private var next = 0
    private var closed = false
    private var workers = 0
    private var busy: Duration = .zero
    private var decodes = 0
    /// The callers' own pipeline: probes, and the work a painter does itself when it gets
    /// there first. A pipeline caches colour transforms and is not for two threads at once
    /// (the EPUB's thread may ask while the cover is drawn): `localLock` guards it.
    private let local: PhotoPipeline
    private let localLock = NSLock()
    /// The CMYK photos prepared for print that carry no profile.
    public let untagged = UntaggedPhotos()

    /// `threads` counts the caller: 1 prepares every photo on the thread that asks for it,
    /// N adds N − 1 workers that run ahead. `screens`: make the screen photo (EPUB, previews)
    /// with every print photo; for an sRGB product it is the same bytes and costs nothing.
    public init(product: Product, threads: Int = 1, scratch: URL? = nil, screens: Bool = true) throws(RenderError) {
        self.product = product
        self.screens = screens
        ownsScratch = scratch == nil
        self.scratch = scratch ?? FileManager.default.temporaryDirectory.appendingPathComponent("folio-photos-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: self.scratch, withIntermediateDirectories: true)
        } catch {
            throw RenderError(file: self.scratch.path, message: "cannot create the photo folder: \(error)")
        }
        local = PhotoPipeline(product: product, untagged: untagged)
        workers = max(0, threads - 1)
        for _ in 0..<workers {
            let thread = Thread { [self] in work() }
            thread.name = "folio-photos"
            thread.start()
        }
    }

    /// The job's pool when there is one, else a one-thread pool of the renderer's own.
    static func given(_ pool: PhotoPool?, product: Product) throws(RenderError) -> PhotoPool {
        if let pool { return pool }
        return try PhotoPool(product: product)
    }

    deinit {
        close()
    }

    /// The photos a book shows, in the order the PDF draws them, with the cover photo first.
    public static func requests(for book: Book, coverPhoto: URL?) -> [Request] {
        var requests = coverPhoto.map { [Request(file: $0, cap: PhotoCap.cover)] } ?? []
        for entry in book.entries {
            let cap = PhotoCap.forEntry(photoCount: entry.photos.count)
            requests += entry.photos.map { Request(file: $0.file, cap: cap) }
        }
        return requests
    }

    /// Queues photos for the workers, in order; a photo already known is not queued again.
    public func schedule(_ requests: [Request]) {
        condition.lock()
        for request in requests where slots[request] == nil { enqueue(request) }
        condition.broadcast()
        condition.unlock()
    }

    /// Stops the workers once their current photo is done and removes the prepared files.
    public func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        while workers > 0 { condition.wait() }
        condition.unlock()
        try? FileManager.default.removeItem(at: scratch)
    }

    /// How many times a photo file was decoded: once per photo and cap, whatever uses it.
    public var decodeCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return decodes
    }

    /// Time the threads spent preparing photos, added up over all of them.
    public var busyTime: Duration {
        condition.lock()
        defer { condition.unlock() }
        return busy
    }

    func probe(_ file: URL) throws(PhotoError) -> PhotoHeader {
        localLock.lock()
        defer { localLock.unlock() }
        return try local.probe(file)
    }

    var minimumPPI: Double { local.minimumPPI }

    /// The photo for `target`: waits for a worker already on it, does it here if nobody is.
    func prepare(_ file: URL, cap: Int, for target: PhotoTarget) throws(PhotoError) -> PreparedPhoto {
        let request = Request(file: file, cap: cap)
        condition.lock()
        if slots[request] == nil { enqueue(request) }
        while case .working = slots[request] {
            // Rather than wait for a worker, prepare a photo nobody has started yet.
            if hasPending() {
                let other = order[next]
                slots[other] = .working
                next += 1
                condition.unlock()
                prepareLocally(other)
                condition.lock()
            } else {
                condition.wait()
            }
        }
        let slot = slots[request]
        if case .pending = slot { slots[request] = .working }
        condition.unlock()
        switch slot {
        case .done(let print, let screen)?:
            if let stored = target == .print ? print : screen { return try stored.load() }
            // A screen photo not made with the print one (a CMYK book without an EPUB).
            condition.lock()
            decodes += 1
            condition.unlock()
            localLock.lock()
            defer { localLock.unlock() }
            return try local.prepare(file, cap: cap, for: target)
        case .failed(let error)?:
            throw error
        default:
            prepareLocally(request)
            return try prepare(file, cap: cap, for: target)
        }
    }

    private func work() {
        let pipeline = PhotoPipeline(product: product, untagged: untagged)
        while true {
            condition.lock()
            while !closed, !hasPending() { condition.wait() }
            if closed {
                workers -= 1
                condition.broadcast()
                condition.unlock()
                return
            }
            let request = order[next]
            slots[request] = .working
            next += 1
            condition.unlock()
            prepareAndStore(request, with: pipeline)
        }
    }

    private func prepareLocally(_ request: Request) {
        localLock.lock()
        defer { localLock.unlock() }
        prepareAndStore(request, with: local)
    }

    /// Lock held.
    private func enqueue(_ request: Request) {
        slots[request] = .pending
        numbers[request] = order.count
        order.append(request)
    }

    /// Moves `next` to the first photo nobody has taken; true when there is one. Lock held.
    private func hasPending() -> Bool {
        while next < order.count {
            if case .pending? = slots[order[next]] { return true }
            next += 1
        }
        return false
    }

    /// Prepares a photo whose slot the caller has marked as working, and publishes the result.
    private func prepareAndStore(_ request: Request, with pipeline: PhotoPipeline) {
        let start = ContinuousClock.now
        let slot: Slot
        do {
            let made = try pipeline.prepare(request.file, cap: request.cap, print: true, screen: screens)
            condition.lock()
            let number = numbers[request] ?? 0
            condition.unlock()
            let print = try made.print.map { photo throws(PhotoError) in
                try StoredPhoto(photo, original: request.file, in: scratch, name: "\(number)-print.jpg")
            }
            // An sRGB product's print photo is its screen photo: one file serves both.
            let screen = product.printsCMYK ? try made.screen.map { photo throws(PhotoError) in
                try StoredPhoto(photo, original: request.file, in: scratch, name: "\(number)-screen.jpg")
            } : made.screen.flatMap { _ in print }
            slot = .done(print: print, screen: screen)
        } catch {
            slot = .failed(error)
        }
        let elapsed = ContinuousClock.now - start
        condition.lock()
        slots[request] = slot
        busy += elapsed
        decodes += 1
        condition.broadcast()
        condition.unlock()
    }
}
