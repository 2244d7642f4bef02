import XCTest
import TextContent
@testable import TextLayout

/// What a `BlockAnalysis` records: segments at the break opportunities, cumulative cells,
/// visible ends before hanging spaces, mandatory breaks, and which slices fit exactly.
final class BlockAnalysisTests: XCTestCase {
    func analysis(_ text: String, kind: BlockKind = .paragraph) -> BlockAnalysis {
        let content = LineFittingTests.content([text], kinds: [kind])
        return TextLayout.analyze(content, range: content.fullRange, lineBreakStyle: .strict).blocks[0]
    }

    func rows(_ a: BlockAnalysis) -> [[Int]] {
        stride(from: 0, to: a.segments.count, by: 3).map { i in
            [Int(a.segments[i] >> 1), Int(a.segments[i] & 1), Int(a.segments[i + 1]), Int(a.segments[i + 2])]
        }
    }

    func testSegmentsOfLatinText() {
        let a = analysis("ab  cde\nf")
        XCTAssertFalse(a.usesExactFitter)
        // "ab  " (4 cells, 2 visible), "cde\n" (mandatory; the LF hangs), "f".
        XCTAssertEqual(rows(a), [[4, 0, 4, 2], [8, 1, 7, 7], [9, 1, 8, 8]])
        XCTAssertEqual(a.mandatory, [1, 2])
        XCTAssertEqual(a.segmentCount, 3)
    }

    func testWideAndClusterWidths() {
        // Each ideograph is a segment of 2 cells; the flag is one 2-cell cluster.
        let a = analysis("漢字🇯🇵")
        XCTAssertEqual(rows(a), [[3, 0, 2, 2], [6, 0, 4, 4], [14, 1, 6, 6]])
    }

    func testAllSpaceSegmentHasNoVisibleEnd() {
        let a = analysis("   word")
        XCTAssertEqual(rows(a).first, [3, 0, 3, 0])
    }

    func testPreformattedBreaksOnlyAtLineFeeds() {
        let a = analysis("a b c\nd e", kind: .preformatted)
        XCTAssertEqual(rows(a), [[6, 1, 5, 5], [9, 1, 8, 8]])
    }

    func testExactFitterForTabsAndBreaksInsideClusters() {
        XCTAssertTrue(analysis("a\tb").usesExactFitter)
        XCTAssertTrue(analysis("a\tb", kind: .preformatted).usesExactFitter)
        // The passes find the tab themselves: in CJK text, after a mark, and where the
        // cluster walk has taken over (after an emoji flag).
        XCTAssertTrue(analysis("漢字\t漢字").usesExactFitter)
        XCTAssertTrue(analysis("e\u{301}\tb").usesExactFitter)
        XCTAssertTrue(analysis("🇯🇵 漢字 a\tb").usesExactFitter)
        XCTAssertTrue(analysis("🇯🇵 漢字\ta b", kind: .preformatted).usesExactFitter)
        XCTAssertFalse(analysis("🇯🇵 漢字 a b").usesExactFitter)
        // UAX #14 allows a break after a space before a combining mark (LB9 does not apply
        // after SP), but the space and the mark are one grapheme cluster.
        XCTAssertTrue(analysis("a \u{301}b").usesExactFitter)
        // The same with scalars the simple pass hands over to the cluster walk: a ZWJ, a
        // variation selector, an emoji modifier, after ASCII and after an ideograph.
        for joiner in ["\u{200D}", "\u{FE0F}", "\u{1F3FB}"] {
            XCTAssertTrue(analysis("a " + joiner + "b").usesExactFitter, joiner.unicodeScalars.first!.description)
            XCTAssertTrue(analysis("漢字 " + joiner + "b").usesExactFitter, joiner.unicodeScalars.first!.description)
        }
        // Not after a line feed: there the joiner starts a cluster of its own (GB4).
        XCTAssertFalse(analysis("a\n\u{200D}b").usesExactFitter)
        XCTAssertEqual(analysis("a\tb").segmentCount, 0)
    }

    func testBytesPerSegment() {
        XCTAssertEqual(BlockAnalysis.bytesPerSegment, 12)
        let a = analysis(String(repeating: "word ", count: 1000))
        XCTAssertEqual(a.segmentCount, 1000)
        XCTAssertLessThanOrEqual(a.byteCount, 1000 * 12 + 2 * 4 + BlockAnalysis.overheadBytes + 64)
    }
}
