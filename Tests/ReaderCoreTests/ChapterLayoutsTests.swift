import XCTest
import TextContent
import TextLayout
@testable import ReaderCore

/// Chapters at the current width, laid out through the kept block analyses.
final class ChapterLayoutsTests: XCTestCase {
    func testAResizeReFitsFromTheKeptAnalysesToTheSameLines() throws {
        let content = PagerTests.book(chapters: 3, paragraphs: 20)
        let layouts = ChapterLayouts(content: content, options: LayoutOptions(width: 60))
        let analyses = try XCTUnwrap(layouts.analyses)
        for c in 0..<3 { _ = layouts.lines(ofChapter: c) }
        XCTAssertEqual(analyses.misses, 0, "the first layout is the fast one, with no analysis")
        XCTAssertTrue(layouts.hasPendingAnalysis)
        while layouts.hasPendingAnalysis { layouts.analyzePending() }
        let analysed = analyses.misses
        XCTAssertGreaterThan(analysed, 0)
        for width in [37, 20, 132, 60] {
            layouts.setOptions(LayoutOptions(width: width))
            for c in 0..<3 {
                var expected = TextLayout.layout(content, range: content.chapters[c].range, options: LayoutOptions(width: width))
                if c > 0 { expected = expected.prependingBlankLine() }
                XCTAssertEqual(layouts.lines(ofChapter: c), expected, "chapter \(c) at width \(width)")
            }
        }
        XCTAssertEqual(analyses.misses, analysed, "no block was analysed again after a resize")
        XCTAssertFalse(layouts.hasPendingAnalysis, "analysed chapters are not pending again")
        XCTAssertGreaterThanOrEqual(analyses.hits, 4 * analysed)
    }

    func testWithoutKeptAnalysesTheLinesAreTheSame() {
        let content = PagerTests.book(chapters: 2, paragraphs: 8)
        let kept = ChapterLayouts(content: content, options: LayoutOptions(width: 45))
        let fresh = ChapterLayouts(content: content, options: LayoutOptions(width: 45), keepsAnalyses: false)
        XCTAssertNil(fresh.analyses)
        for width in [45, 30] {
            kept.setOptions(LayoutOptions(width: width))
            fresh.setOptions(LayoutOptions(width: width))
            XCTAssertEqual(kept.lines(ofChapter: 1), fresh.lines(ofChapter: 1))
        }
    }
}
