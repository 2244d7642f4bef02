import XCTest
import ReaderState
import TestSupport

/// `ContentHash` names every state file (`books/<key>.json`) and every cache file: the key
/// of a given file must never change. These vectors were computed by the implementation of
/// December 2026 (before the hashes moved to `Support.Digest`) and must stay byte-identical.
final class ContentHashVectorTests: XCTestCase {
    func key(_ bytes: [UInt8]) -> String { bytes.withUnsafeBytes { ContentHash.of($0) } }

    func testKnownVectors() {
        XCTAssertEqual(key([]), "cbf29ce484222325-0")
        XCTAssertEqual(key(Array("a".utf8)), "af63dc4c8601ec8c-1")
        XCTAssertEqual(key(Array("hello book".utf8)), "0fe8f26158db589c-a")
        XCTAssertEqual(key(GoldenBytes.pattern(1003)), "a59753ccd3e36052-3eb")
        XCTAssertEqual(key(GoldenBytes.pattern(4096)), "c082780af50528ac-1000")
    }

    func testFileKeyIsTheBytesKey() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("content-hash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(GoldenBytes.pattern(1003)).write(to: url)
        XCTAssertEqual(ContentHash.ofFile(url.path), "a59753ccd3e36052-3eb")
    }
}
