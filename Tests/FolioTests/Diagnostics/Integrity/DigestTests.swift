import Diagnostics
import Foundation
import FolioTestSupport
import Testing
@testable import Prepress

/// SHA-256 and HMAC-SHA256 (OpenSSL) against published vectors and sha256sum.
@Suite struct DigestTests {
    @Test func knownVectors() {
        #expect(SHA256.hex(of: Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(of: Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        // FIPS 180-4's two-block example (448 bits).
        #expect(SHA256.hex(of: Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        // RFC 4231, test cases 1 and 6 (a key longer than the block is hashed first).
        #expect(HMACSHA256.hex(key: Data(repeating: 0x0b, count: 20), message: Data("Hi There".utf8))
            == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(HMACSHA256.hex(key: Data(repeating: 0xaa, count: 131),
                               message: Data("Test Using Larger Than Block-Size Key - Hash Key First".utf8))
            == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
        // RFC 4231, test case 2.
        #expect(HMACSHA256.hex(key: Data("Jefe".utf8), message: Data("what do ya want for nothing?".utf8))
            == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(HMACSHA256.matches("5BDCC146", "5bdcc146\n") && !HMACSHA256.matches("5bdcc146", "5bdcc147"))
        // A digest that could not be made is "", and an empty signature file must not match it.
        #expect(!HMACSHA256.matches("", "") && !HMACSHA256.matches("", "\n"))
    }

    /// tus's checksum of the rest of a file: a file that cannot be read throws rather than
    /// vouching for nothing (it was "" before, and went out as the checksum).
    @Test func aFileThatCannotBeReadHasNoChecksum() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString)")
        #expect(throws: (any Error).self) { try SHA256.base64(ofFile: missing, from: 0) }
        // A folder opens but cannot be read.
        #expect(throws: (any Error).self) { try SHA256.base64(ofFile: FileManager.default.temporaryDirectory, from: 0) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("digest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("hello world".utf8).write(to: file)
        #expect(try SHA256.base64(ofFile: file, from: 6) == sha256Base64("world"))
    }

    private func sha256Base64(_ text: String) -> String {
        var hasher = SHA256()
        hasher.update(Data(text.utf8))
        return Data(hasher.finalize()).base64EncodedString()
    }

    @Test func aFileInChunksMatchesSha256sum() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("digest-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data((0..<(3 << 20) + 17).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: file)
        let ours = try SHA256.hex(ofFile: file)
        let theirs = try Tool.run("sha256sum", [file.path]).output.split(separator: " ").first.map(String.init)
        #expect(ours.digest == theirs && ours.bytes == (3 << 20) + 17)
    }
}
