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

    /// `n` from each match to the next, then the wrap: every match of `pattern`, in order.
    func steps(_ pattern: String, in m: ReaderModel, count: Int) throws -> [ByteRange] {
        search(pattern, in: m)
        var seen = [try XCTUnwrap(m.currentMatch)]
        for _ in 1..<count {
            m.handle(.character("n"))
            guard m.message == nil else {
                XCTFail("\(pattern): wrapped after \(seen.count) of \(count) matches")
                return seen
            }
            seen.append(try XCTUnwrap(m.currentMatch))
        }
        m.handle(.character("n"))
        XCTAssertEqual(m.message, "Search wrapped to the start", pattern)
        XCTAssertEqual(m.currentMatch, seen.first, pattern)
        return seen
    }

    func testNStepsThroughMatchesThatStartWithAMultiByteCharacter() throws {
        let paragraphs = (1...40).map { i in
            "第\(i)回 美猴王 “you said” Наташа Σοφία 😀x " + String(repeating: "字", count: i % 7)
        }
        let content = BookSearchTests.book(paragraphs)
        for pattern in ["美猴王", "“you", "Наташа", "наташа", "σοφία", "😀x", "王"] {
            let m = ReaderModel(content: content, position: .zero, columns: 40, rows: 10)
            let seen = try steps(pattern, in: m, count: 40)
            XCTAssertEqual(Set(seen).count, 40, pattern)
            XCTAssertEqual(seen, seen.sorted { $0.lowerBound < $1.lowerBound }, "\(pattern): in reading order")
        }
        let m = ReaderModel(content: content, position: .zero, columns: 40, rows: 10)
        search("美猴王", in: m)
        m.handle(.character("N"))
        XCTAssertEqual(m.message, "Search wrapped to the end")
        m.handle(.character("N"))
        XCTAssertNil(m.message, "N steps back too")
        XCTAssertEqual(content.chapterIndex(containing: try XCTUnwrap(m.currentMatch).lowerBound), 0)
    }

    func testAfterAJumpElsewhereNSearchesFromThePage() throws {
        let m = model()
        search("Chapter [0-9]", in: m)
        XCTAssertEqual(m.content.chapterIndex(containing: try XCTUnwrap(m.currentMatch).lowerBound), 0)
        for c in ":4" { m.handle(.character(c)) }
        m.handle(.enter)
        for _ in 0..<3 { m.handle(.character("j")) }   // the heading off the page
        m.handle(.character("n"))
        XCTAssertEqual(m.content.chapterIndex(containing: try XCTUnwrap(m.currentMatch).lowerBound), 4,
                       "the next heading after the page, not the one after the old match")
        for c in ":4" { m.handle(.character(c)) }
        m.handle(.enter)
        for _ in 0..<3 { m.handle(.character("j")) }   // the heading off the page
        m.handle(.character("N"))
        XCTAssertEqual(m.content.chapterIndex(containing: try XCTUnwrap(m.currentMatch).lowerBound), 3)
    }
}
