import Foundation
import Testing
@testable import Prepress

/// Unmarked marks become artifacts, each whole; what the structure tree holds is left as it is.
struct ArtifactMarkingTests {
    private func wrapped(_ content: String) -> String? {
        ArtifactMarking.wrap(Array(content.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func unmarkedTextPathsAndImagesAreWrappedWhole() {
        let content = """
            q
            /P << /MCID 0 >> BDC
            BT /f-0-0 1 Tf (kept)Tj ET
            EMC
            BT /f-0-0 1 Tf (folio 7)Tj ET
            0.2 w 10 10 m 20 20 l S
            /Im1 Do
            Q
            """
        let result = wrapped(content)
        #expect(result == """
            q
            /P << /MCID 0 >> BDC
            BT /f-0-0 1 Tf (kept)Tj ET
            EMC
            /Artifact BMC
            BT /f-0-0 1 Tf (folio 7)Tj ET
            EMC
            0.2 w /Artifact BMC
            10 10 m 20 20 l S
            EMC
            /Artifact BMC
            /Im1 Do
            EMC
            Q
            """)
    }

    @Test func markedContentIsLeftAsItIs() {
        #expect(wrapped("/P << /MCID 0 >> BDC BT (a)Tj ET 1 1 m 2 2 l S EMC") == nil)
        // A text object that marked content opens inside is not wholly unmarked: left alone.
        #expect(wrapped("BT (a)Tj /Span << /MCID 1 >> BDC (b)Tj EMC ET") == nil)
    }

    /// Random operators, strings cut short, comments: an artifact is never opened inside
    /// marked content, and every one is closed.
    @Test func anyBytesGiveBalancedMarks() {
        var random = SystemRandomNumberGenerator()
        let pieces = ["BT", "ET", "(x)Tj", "m", "l", "re", "S", "f", "n", "BDC", "BMC", "EMC", "/P", "<<", ">>", "Do", "q", "Q", "1", "BI", "ID", "EI", "%", "(", ")"]
        for _ in 0..<500 {
            let content = (0..<Int.random(in: 0..<40, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined(separator: " ")
            guard let result = wrapped(content) else { continue }
            var depth = 0, artifacts = 0, previous: ContentTokenizer.Token?
            for token in ContentTokenizer(bytes: Array(result.utf8)) {
                switch token {
                case .operator("BMC") where previous == .name("/Artifact"):
                    #expect(depth == 0, "an artifact inside marked content: \(content)")
                    artifacts += 1
                    depth += 1
                case .operator("BDC"), .operator("BMC"): depth += 1
                case .operator("EMC"): depth = max(0, depth - 1)
                default: break
                }
                previous = token
            }
            #expect(artifacts > 0)
            #expect(result.components(separatedBy: "EMC").count - content.components(separatedBy: "EMC").count == artifacts, "\(content)")
        }
    }
}
