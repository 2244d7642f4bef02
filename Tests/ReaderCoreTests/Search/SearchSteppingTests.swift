import XCTest
import TextContent
@testable import ReaderCore

/// `n` / `N` through the matches, with their messages.
final class SearchSteppingTests: XCTestCase {
    func model() -> ReaderModel {
        ReaderModel(content: PagerTests.book(chapters: 6, paragraphs: 10), position: .zero, columns: 60, rows: 12)
    }

    func search(_ pattern: String, in m: ReaderModel) {
        for c in "/" + pattern { m.handle(.character(c)) }
        m.handle(.enter)
    }

    func testNAndNBeforeAnySearchSaySo() {
        let m = model()
        m.handle(.character("n"))
        XCTAssertEqual(m.message, "No search yet: type / and a pattern")
        m.handle(.character("N"))
        XCTAssertEqual(m.message, "No search yet: type / and a pattern")
    }

    func testAPatternWithNoMatchSaysSoAndClearsTheMatch() {
        let m = model()
        search("word2-1-1", in: m)
        XCTAssertNotNil(m.currentMatch)
        search("nowhere to be found", in: m)
        XCTAssertEqual(m.message, "Pattern not found: nowhere to be found")
        XCTAssertNil(m.currentMatch)
    }

    func testForwardAndBackwardStepThroughChaptersAndWrap() throws {
        let m = model()
        search("Chapter [0-9]", in: m)   // the headings: one a chapter
        let first = try XCTUnwrap(m.currentMatch)
        XCTAssertEqual(m.content.chapterIndex(containing: first.lowerBound), 0)
        m.handle(.character("n"))
        XCTAssertEqual(m.content.chapterIndex(containing: try XCTUnwrap(m.currentMatch).lowerBound), 1)
        XCTAssertNil(m.message)
        XCTAssertTrue(m.pager.visibleLines(in: m.layouts).contains { $0.line.range.contains(m.currentMatch!.lowerBound) },
                      "the page moved to show it")
        m.handle(.character("N"))
        XCTAssertEqual(m.currentMatch, first)
        m.handle(.character("N"))
        XCTAssertEqual(m.message, "Search wrapped to the end")
        XCTAssertEqual(m.content.chapterIndex(containing: try XCTUnwrap(m.currentMatch).lowerBound), 5)
        m.handle(.character("n"))
        XCTAssertEqual(m.message, "Search wrapped to the start")
        XCTAssertEqual(m.currentMatch, first)
    }

    func testMatchesOnThePageAreMarkedInTheSnapshot() throws {
        let m = model()
        search("word1-1", in: m)
        let page = try XCTUnwrap(m.snapshot.page)
        let current = page.lines.flatMap(\.clusters).filter { $0.match == .current }
        let others = page.lines.flatMap(\.clusters).filter { $0.match == .match }
        XCTAssertEqual(current.map(\.text).joined(), "word1-1")
        XCTAssertEqual(others.count % 7, 0)
        XCTAssertGreaterThan(others.count, 0, "the other matches on the page are highlighted too")
    }
}
