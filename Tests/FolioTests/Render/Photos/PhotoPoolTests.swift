import Foundation
import FolioTestSupport
import Testing
@testable import Jobs
@testable import Prepress
@testable import Render
@testable import folio_bench

/// The photo pool: the same bytes for any number of threads, one decode per photo for all the
/// files of a job, and memory that does not grow with the number of photos.
@Suite struct PhotoPoolTests {
    /// Corpus photos of every kind a phone or camera gives (orientations, profiles, CMYK,
    /// progressive, grey, damaged), singly and in grids.
    static let photos = ["color/prism_pizza-rgb8-srgb.jpg", "orientation/pillow_hopper_orientation_6.jpg", "color/prism_pizza-rgb8-displayp3.jpg",
                         "color/prism_pizza-cmyk8-usswop.jpg", "color/pillow_pil_sample_cmyk.jpg", "color/prism_pizza-progressive.jpg",
                         "orientation/recurser_Portrait_8.jpg", "color/sharp_concert_gray_icc.jpg", "broken/bimg_corrupt.jpg",
                         "codec/libjpeg-turbo_testorig.jpg", "../exports/dayone2_json/automattic_fictional/photos/a36a701e0fe5e46e37fb460b40ccda7b.png", "orientation/libavif_paris_exif_orientation_5.jpg"]

    func workspace() throws -> Workspace {
        let workspace = try Workspace()
        let export = try workspace.writeExport("anna", journal: Sample.journal((0..<6).map { day in
            // Entries of one, two and three photos, so single and grid caps both occur.
            let files = Self.photos.indices.filter { $0 % 6 == day || ($0 + day) % 5 == 0 }.prefix(1 + day % 3)
            return Sample.entry("e\(day)", "2025-03-0\(day + 1)T10:00:00Z", text: "Day \(day): the walk by the river and what we saw.",
                                photos: files.map { ["file": "photos/p\($0).\(Self.photos[$0].hasSuffix(".png") ? "png" : "jpg")", "caption": "Photo \($0)"] })
        }))
        for (index, path) in Self.photos.enumerated() {
            try FileManager.default.copyItem(at: corpusRoot.appendingPathComponent("photos/\(path)"),
                                             to: export.appendingPathComponent("photos/p\(index).\(path.hasSuffix(".png") ? "png" : "jpg")"))
        }
        return workspace
    }

    @Test(arguments: ["a5-softcover", "a5-softcover-fogra39"])
    func oneThreadAndFourGiveTheSameBytes(product: String) throws {
        let workspace = try workspace()
        var digests: [[String]] = []
        for threads in [1, 4] {
            let (file, data) = try workspace.writeOrder(Sample.order(outputs: ["interior", "cover", "epub"], extra: ["product": product]),
                                                        name: "order-\(threads).json")
            let folder = workspace.jobs.appendingPathComponent("t\(threads)")
            let report = Pipeline(config: try workspace.config, threads: threads).run(orderData: data, orderFile: file.path, into: folder)
            #expect(report.status == .done, "\(String(describing: report.error))")
            #expect(report.preflight.contains { $0.code == "photo-corrupt" }, "the damaged photo is reported")
            digests.append(report.outputs.map { "\($0.kind) \($0.sha256)" })
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".photos") }
            #expect(left.isEmpty, "prepared photos are removed: \(left)")
        }
        #expect(digests[0].count == 3)
        #expect(digests[0] == digests[1])
    }

    @Test func everyFileOfAJobSharesOneDecodePerPhoto() throws {
        let workspace = try workspace()
        let config = try workspace.config
        let product = try config.product("a5-softcover")
        let input = try JobInput.load(orderData: try workspace.writeOrder(Sample.order()).data, orderFile: "order.json", config: config)
        let book = Resolver.resolve(order: input.order, journal: input.journal).book
        let cover = CoverContent(preset: .photo, title: "Anna", subtitle: nil, author: "A.", language: .english,
                                 photo: workspace.exports.appendingPathComponent("anna/photos/p0.jpg"), seed: 1)
        let pool = try PhotoPool(product: product, threads: 2)
        defer { pool.close() }
        let requests = PhotoPool.requests(for: book, coverPhoto: cover.photo)
        pool.schedule(requests)
        let interior = try InteriorRenderer(product: product).render(book, cover: cover, photos: pool,
                                                                     to: workspace.root.appendingPathComponent("i.pdf"))
        _ = try CoverRenderer(product: product).renderSpread(cover, pages: interior.pages, photos: pool,
                                                             to: workspace.root.appendingPathComponent("c.pdf"))
        _ = try EPUBRenderer(product: product).render(book, cover: cover, orderID: "ord-1", pageMarks: interior.pageMarks, photos: pool,
                                                      to: workspace.root.appendingPathComponent("b.epub"))
        _ = try CoverRenderer(product: product).renderPicture(cover, pixelWidth: 420, png: true, photos: pool)
        #expect(Set(requests).count > 10)
        #expect(pool.decodeCount == Set(requests).count, "PDF, cover, EPUB and previews decoded each photo once")
    }

    /// Peak memory is one decoded photo per thread: four times the photos, the same peak.
    @Test func peakMemoryDoesNotGrowWithThePhotos() throws {
        let workspace = try Workspace()
        let folio = repositoryRoot.appendingPathComponent(".build/debug/folio").path
        var peaks: [Double] = []
        let pictures = try BenchPictures(count: 2, seed: 7)
        for photos in [6, 24] {
            _ = try BenchExport.write(to: workspace.exports.appendingPathComponent("b\(photos)"), entries: 24, photos: photos, seed: 7,
                                      pictures: pictures)
            let (file, _) = try workspace.writeOrder(Sample.order(export: "b\(photos)", outputs: ["interior", "epub"]), name: "b\(photos).json")
            let out = workspace.jobs.appendingPathComponent("b\(photos)")
            let outcome = try #require(MeasuredProcess.run(folio, ["render", file.path, "--out", out.path, "--config", workspace.configFile.path,
                                                                   "--threads", "2"]))
            #expect(outcome.status == 0)
            peaks.append(Double(outcome.maxRSSKB))
        }
        #expect(peaks[1] / peaks[0] < 1.2, "peak RSS \(peaks[0] / 1024) MB with 6 photos, \(peaks[1] / 1024) MB with 24")
    }
}
