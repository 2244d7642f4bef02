import XCTest
import Support
import TestSupport

/// `Digest`: the published FNV-1a 64 vectors, and the word-wise variant's values as
/// persisted by the caches and state files (computed by the code before `Digest` existed).
final class DigestTests: XCTestCase {
    func testPublishedFNV1a64Vectors() {
        // From the FNV reference test suite (Landon Curt Noll's fnv test vectors).
        XCTAssertEqual(Digest.fnv1a64("".utf8), 0xcbf2_9ce4_8422_2325)
        XCTAssertEqual(Digest.fnv1a64("a".utf8), 0xaf63_dc4c_8601_ec8c)
        XCTAssertEqual(Digest.fnv1a64("b".utf8), 0xaf63_df4c_8601_f1a5)
        XCTAssertEqual(Digest.fnv1a64("foobar".utf8), 0x8594_4171_f739_67e8)
        XCTAssertEqual(Digest.fnv1a64("chongo was here!\n".utf8), 0x4681_0940_eff5_f915)
        XCTAssertEqual(Digest().value, Digest.offsetBasis)
    }

    func testEveryWayOfFeedingBytesAgrees() {
        let bytes = GoldenBytes.pattern(1003)
        let reference = GoldenBytes.fnv1a64(bytes)
        XCTAssertEqual(Digest.fnv1a64(bytes), reference)
        XCTAssertEqual(Digest.fnv1a64(bytes[...]), reference)
        XCTAssertEqual(bytes.withUnsafeBytes { Digest.fnv1a64($0) }, reference)
        var d = Digest()
        for b in bytes.prefix(500) { d.combine(b) }
        d.combine(contentsOf: bytes.dropFirst(500).lazy.map { $0 })  // not contiguous
        XCTAssertEqual(d.value, reference)
    }

    /// `ContentHash` (ReaderState) is `combineWords` + hex: these are its values for the
    /// vectors of `ContentHashVectorTests`.
    func testWordWiseValuesAreTheContentHashes() {
        func words(_ b: [UInt8]) -> String {
            var d = Digest()
            b.withUnsafeBytes { d.combineWords($0) }
            return d.hex
        }
        XCTAssertEqual(words([]), "cbf29ce484222325")
        XCTAssertEqual(words(Array("a".utf8)), "af63dc4c8601ec8c")  // no whole word: byte-wise
        XCTAssertEqual(words(Array("hello book".utf8)), "0fe8f26158db589c")
        XCTAssertEqual(words(GoldenBytes.pattern(1003)), "a59753ccd3e36052")
        XCTAssertEqual(words(GoldenBytes.pattern(4096)), "c082780af50528ac")
    }

    /// `Digest.words` (text digest of the layout cache, checksum of the content cache).
    func testWordsWithLengthValues() {
        XCTAssertEqual(Digest.words(UnsafeRawBufferPointer(start: nil, count: 0)), 0xaf63_bd4c_8601_b7df)
        XCTAssertEqual(GoldenBytes.pattern(1003).withUnsafeBytes { Digest.words($0) }, 0x4387_1e0c_0b62_735b)
    }

    /// The one-pass digest of bytes and of a part of them equals the two digests taken apart,
    /// for parts at every alignment, empty, at either end, and the whole.
    func testWordsOfBytesAndOfAPartInOnePass() {
        for count in [0, 1, 7, 8, 9, 16, 17, 40, 63, 64, 65, 200] {
            let bytes = GoldenBytes.pattern(count)
            var rng = SplitMix64(seed: UInt64(count) &+ 7)
            var parts: [Range<Int>] = [0..<count, 0..<0, count..<count]
            for _ in 0..<60 {
                let a = count == 0 ? 0 : Int(rng.next() % UInt64(count + 1))
                let b = count == 0 ? 0 : Int(rng.next() % UInt64(count + 1))
                parts.append(min(a, b)..<max(a, b))
            }
            bytes.withUnsafeBytes { raw in
                for part in parts {
                    let both = Digest.words(raw, andOf: part)
                    XCTAssertEqual(both.all, Digest.words(raw), "\(count) bytes")
                    XCTAssertEqual(both.part, Digest.words(UnsafeRawBufferPointer(rebasing: raw[part])), "\(count) bytes, \(part)")
                }
            }
        }
    }

    func testHexIsPadded() {
        var d = Digest()
        d.mix(Digest.offsetBasis)  // value 0
        XCTAssertEqual(d.value, 0)
        XCTAssertEqual(d.hex, "0000000000000000")
    }
}
