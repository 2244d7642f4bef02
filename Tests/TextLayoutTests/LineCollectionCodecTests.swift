import XCTest
import TextContent
@testable import TextLayout
import TestSupport

final class LineCollectionCodecTests: XCTestCase {
    func sample() -> LineCollection {
        var rng = LineFittingTests.SplitMix(state: 3)
        let content = LineFittingTests.content((0..<30).map { _ in LineFittingTests.randomText(&rng, words: 50) },
                                               kinds: (0..<30).map { [.paragraph, .heading, .listItem, .blockquote][$0 % 4] })
        return TextLayout.layout(content, range: content.fullRange, options: LayoutOptions(width: 37, firstLineIndent: 2))
    }

    func decode(_ blob: [UInt8], key: String = "k") throws -> LineCollection {
        try blob.withUnsafeBytes { try LineCollectionCodec.decode($0, expectedKey: key) }
    }

    func testRoundTrip() throws {
        let lines = sample()
        let blob = LineCollectionCodec.encode(lines, key: "k")
        XCTAssertEqual(try decode(blob), lines)
        let perLine = Double(blob.count) / Double(lines.count)
        // This sample is dense in headings, lists and quotes; novels measure about 3.3
        // bytes a line in the cache files (docs/PERFORMANCE.md, "Layout cache").
        XCTAssertLessThanOrEqual(perLine, 6.0, "compact encoding")
    }

    func testEveryTruncationIsRejected() {
        let blob = LineCollectionCodec.encode(sample(), key: "k")
        for n in stride(from: 0, to: blob.count, by: max(1, blob.count / 200)) {
            XCTAssertThrowsError(try decode(Array(blob[0..<n])), "truncated to \(n) bytes")
        }
    }

    func testEveryFlippedByteIsRejected() {
        let blob = LineCollectionCodec.encode(sample(), key: "k")
        for i in stride(from: 0, to: blob.count, by: max(1, blob.count / 300)) {
            var bad = blob
            bad[i] ^= 0x5A
            XCTAssertThrowsError(try decode(bad), "byte \(i) flipped")
        }
    }

    func testForeignKeyAndVersionAreRejected() {
        var blob = LineCollectionCodec.encode(sample(), key: "k")
        XCTAssertThrowsError(try decode(blob, key: "other")) { XCTAssertEqual($0 as? LineCollectionCodec.DecodeError, .keyMismatch) }
        blob[4] = 99
        XCTAssertThrowsError(try decode(blob)) { XCTAssertEqual($0 as? LineCollectionCodec.DecodeError, .wrongVersion(99)) }
        XCTAssertThrowsError(try decode(Array("not a cache".utf8)))
    }
}
