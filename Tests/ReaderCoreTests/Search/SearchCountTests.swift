import XCTest
import TextContent
@testable import ReaderCore

/// Counting the matches a piece at a time, and the status line's "match 3/42".
final class SearchCountTests: XCTestCase {
    func testCountsInPiecesToTheSameTotalAsAllAtOnce() throws {
        let content = PagerTests.book(chapters: 6, paragraphs: 10)
        let search = try BookSearch(pattern: "word[0-9]-1-", content: content)
        let all = search.matches(in: content.fullRange)
        for chunk in [1, 50, 700, 1 << 20] {
            var count = SearchCount(textLength: content.bytes.count)
            var steps = 0
            while !count.isComplete {
                count.countNext(search, chunk: chunk)
                steps += 1
            }
            XCTAssertEqual(count.starts, all.map(\.lowerBound), "chunk \(chunk)")
            XCTAssertEqual(count.text(for: all[2]), "match 3/\(all.count)")
            if chunk == 700 { XCTAssertGreaterThan(steps, 3) }
        }
    }

    func testSaysWhatItKnowsWhileCounting() throws {
        let content = PagerTests.book(chapters: 6, paragraphs: 10)
        let search = try BookSearch(pattern: "Chapter", content: content)
        let all = search.matches(in: content.fullRange)
        var count = SearchCount(textLength: content.bytes.count)
        XCTAssertEqual(count.text(for: all[0]), "match …")
        count.countNext(search, chunk: content.chapters[1].range.upperBound.rawValue)
        XCTAssertEqual(count.text(for: all[1]), "match 2/…")
        XCTAssertEqual(count.text(for: all[4]), "match …")
    }

    func testTheStatusLineShowsTheCountOnceIdleWorkHasCountedIt() throws {
        let m = ReaderModel(content: PagerTests.book(chapters: 6, paragraphs: 10), position: .zero, columns: 60, rows: 12)
        for c in "/chapter [0-9]" { m.handle(.character(c)) }
        m.handle(.enter)
        XCTAssertTrue(m.hasIdleWork)
        while m.hasIdleWork { m.doIdleWork() }
        XCTAssertEqual(m.snapshot.status.match, "match 1/6")
        m.handle(.character("n"))
        XCTAssertEqual(m.snapshot.status.match, "match 2/6")
        m.handle(.character("N"))
        m.handle(.character("N"))
        XCTAssertEqual(m.snapshot.status.match, "match 6/6")
        m.handle(.escape)
        XCTAssertNil(m.snapshot.status.match, "no match, no count")
        for c in "/word1-2-" { m.handle(.character(c)) }
        m.handle(.enter)
        XCTAssertEqual(m.snapshot.status.match, "match …", "a new search counts again")
        m.doIdleWork()
        XCTAssertEqual(m.snapshot.status.match, "match 1/11", "the book is smaller than one piece")
    }
}
