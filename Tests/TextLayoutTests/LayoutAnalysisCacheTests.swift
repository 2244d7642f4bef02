import XCTest
import TextContent
@testable import TextLayout

/// `LayoutAnalysisCache`: re-fits from cached analyses, keys, the memory bound, one book.
final class LayoutAnalysisCacheTests: XCTestCase {
    let content = LineFittingTests.content((0..<50).map { "Paragraph \($0) with some words in it, enough to wrap." })

    func testSecondWidthHitsEveryBlock() {
        let cache = LayoutAnalysisCache()
        let a = TextLayout.layout(content, range: content.fullRange, options: LayoutOptions(width: 30), analyses: cache)
        XCTAssertEqual(cache.misses, 50)
        XCTAssertEqual(cache.hits, 0)
        let b = TextLayout.layout(content, range: content.fullRange, options: LayoutOptions(width: 61), analyses: cache)
        XCTAssertEqual(cache.misses, 50)
        XCTAssertEqual(cache.hits, 50)
        XCTAssertEqual(a, TextLayout.layout(content, range: content.fullRange, options: LayoutOptions(width: 30)))
        XCTAssertEqual(b, TextLayout.layout(content, range: content.fullRange, options: LayoutOptions(width: 61)))
        XCTAssertEqual(cache.count, 50)
        XCTAssertGreaterThan(cache.byteCount, 50 * BlockAnalysis.overheadBytes)
    }

    func testStyleAndSliceArePartOfTheKey() {
        let cache = LayoutAnalysisCache()
        _ = TextLayout.layout(content, range: content.fullRange, options: LayoutOptions(lineBreakStyle: .strict), analyses: cache)
        _ = TextLayout.layout(content, range: content.fullRange, options: LayoutOptions(lineBreakStyle: .loose), analyses: cache)
        XCTAssertEqual(cache.count, 100)
        // A range starting inside the first block analyses that slice on its own.
        let inside = ByteRange(ByteOffset(5), content.fullRange.upperBound)
        let lines = TextLayout.layout(content, range: inside, options: LayoutOptions(width: 20), analyses: cache)
        XCTAssertEqual(cache.count, 101)
        XCTAssertEqual(lines, TextLayout.layout(content, range: inside, options: LayoutOptions(width: 20)))
    }

    func testMemoryBoundEvictsLeastRecentlyUsed() {
        let one = TextLayout.analyze(content, range: content.blocks[0].range, lineBreakStyle: .strict).byteCount
        let cache = LayoutAnalysisCache(byteLimit: one * 10)
        _ = TextLayout.layout(content, range: content.fullRange, options: LayoutOptions(), analyses: cache)
        XCTAssertLessThanOrEqual(cache.byteCount, cache.byteLimit)
        XCTAssertLessThan(cache.count, 50)
        // The last blocks laid out are the ones kept: laying them out again only hits.
        let tail = ByteRange(content.blocks[48].range.lowerBound, content.fullRange.upperBound)
        let hits = cache.hits
        _ = TextLayout.layout(content, range: tail, options: LayoutOptions(width: 20), analyses: cache)
        XCTAssertEqual(cache.hits, hits + 2)
    }

    func testAnalysisLargerThanTheLimitIsUsedButNotKept() {
        let cache = LayoutAnalysisCache(byteLimit: 10)
        let lines = TextLayout.layout(content, range: content.fullRange, options: LayoutOptions(width: 25), analyses: cache)
        XCTAssertEqual(cache.count, 0)
        XCTAssertEqual(cache.byteCount, 0)
        XCTAssertEqual(lines, TextLayout.layout(content, range: content.fullRange, options: LayoutOptions(width: 25)))
    }

    func testAnotherBookEmptiesTheCache() {
        let cache = LayoutAnalysisCache()
        _ = TextLayout.layout(content, range: content.fullRange, options: LayoutOptions(), analyses: cache)
        let other = LineFittingTests.content(["Quite another book.", "Paragraph 0 with some words in it, enough to wrap."])
        let lines = TextLayout.layout(other, range: other.fullRange, options: LayoutOptions(width: 12), analyses: cache)
        XCTAssertEqual(cache.count, 2)
        XCTAssertEqual(lines, TextLayout.layout(other, range: other.fullRange, options: LayoutOptions(width: 12)))
        cache.removeAll()
        XCTAssertEqual(cache.count, 0)
        XCTAssertEqual(cache.byteCount, 0)
    }
}
