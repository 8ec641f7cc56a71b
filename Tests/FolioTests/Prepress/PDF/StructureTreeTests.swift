import Foundation
import FolioTestSupport
import Testing
@testable import Prepress

/// The structure tree of a file from outside (`folio verify`) is read without hanging or
/// crashing, however it is built: an element that holds itself is read once, a tree nested
/// thousands deep is read to a bounded depth.
struct StructureTreeTests {
    private func tree(_ build: String) throws -> StructureTree? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tree-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("tree.pdf")
        let run = try Tool.run("python3", ["-c", """
            import sys, pikepdf
            from pikepdf import Dictionary, Array, Name
            pdf = pikepdf.new()
            pdf.add_blank_page()
            page = pdf.pages[0].obj
            \(build)
            pdf.Root.StructTreeRoot = pdf.make_indirect(Dictionary(Type=Name.StructTreeRoot, K=top))
            pdf.save(sys.argv[1])
            """, file.path])
        try #require(run.status == 0, "\(run.errors)")
        let document = try #require(QPDFDocument(file: file))
        return StructureTree(document)
    }

    @Test func anElementHoldingItselfIsReadOnce() throws {
        let read = try #require(try tree("""
            top = pdf.make_indirect(Dictionary(S=Name.Sect, Pg=page))
            top.K = Array([top, 3, Dictionary(Type=Name.MCR, MCID=4, Pg=page)])
            """))
        #expect(read.elements.count == 1)
        #expect(read.elements.first?.content.map(\.mcid) == [3, 4])
    }

    @Test func aDeepTreeIsReadToABoundedDepth() throws {
        let read = try #require(try tree("""
            top = pdf.make_indirect(Dictionary(S=Name.P, K=0, Pg=page))
            for _ in range(5000):
                top = pdf.make_indirect(Dictionary(S=Name.Div, K=top))
            """))
        #expect(read.elements.count == StructureTree.maximumDepth)
        #expect(read.groups("Div").count == 1)
    }
}
