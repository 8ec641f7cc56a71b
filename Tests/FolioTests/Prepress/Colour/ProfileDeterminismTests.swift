import Foundation
import FolioTestSupport
import Testing
@testable import Prepress

@Suite struct ProfileDeterminismTests {
    /// The output profile is embedded in every PDF and re-encoded photo: it must not carry the clock.
    @Test func theSRGBProfileIsTheSameAtAnyTime() throws {
        let first = try ICCProfile.sRGB()
        Thread.sleep(forTimeInterval: 1.1)
        #expect(try ICCProfile.sRGB() == first)
        #expect(Array(first[24..<36]) == [0x07, 0xE4, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0])
    }
}
