import XCTest
import Support
import TestSupport

/// `WordsDigest`: any split of the bytes into pieces gives `Digest.words` of the whole.
final class WordsDigestTests: XCTestCase {
    func testEverySplitGivesTheWholeDigest() {
        for count in [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 1003] {
            let bytes = GoldenBytes.pattern(count)
            let whole = bytes.withUnsafeBytes { Digest.words($0) }
            var rng = SplitMix64(seed: UInt64(count))
            for _ in 0..<50 {
                var d = WordsDigest()
                var i = 0
                while i < bytes.count {
                    let n = min(bytes.count - i, Int(rng.next() % 12))  // empty pieces too
                    bytes.withUnsafeBytes { d.combine(UnsafeRawBufferPointer(rebasing: $0[i..<(i + n)])) }
                    i += n
                }
                XCTAssertEqual(d.value, whole, "\(count) bytes")
            }
        }
    }

    func testAValueCanBeReadInTheMiddle() {
        let bytes = GoldenBytes.pattern(21)
        var d = WordsDigest()
        bytes.withUnsafeBytes { d.combine(UnsafeRawBufferPointer(rebasing: $0[0..<11])) }
        XCTAssertEqual(d.value, bytes.withUnsafeBytes { Digest.words(UnsafeRawBufferPointer(rebasing: $0[0..<11])) })
        bytes.withUnsafeBytes { d.combine(UnsafeRawBufferPointer(rebasing: $0[11...])) }
        XCTAssertEqual(d.value, bytes.withUnsafeBytes { Digest.words($0) })
        XCTAssertNotEqual(WordsDigest().value, d.value)
    }
}
