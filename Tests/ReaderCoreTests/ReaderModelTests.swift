import XCTest
import TextContent
import TextLayout
@testable import ReaderCore

/// Scripted sessions of inputs through the reader's state machine.
final class ReaderModelTests: XCTestCase {
    func model(rows: Int = 12, columns: Int = 60) -> ReaderModel {
        ReaderModel(content: PagerTests.book(chapters: 6, paragraphs: 10), position: .zero, columns: columns, rows: rows)
    }

    /// Only the reading layer is left on the stack.
    func assertReading(_ m: ReaderModel, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(m.topLayer is ReadingLayer, "top layer: \(m.topLayer)", file: file, line: line)
        XCTAssertEqual(m.stack.layers.count, 1, file: file, line: line)
    }

    func testPageForwardAndBackReturnsToTheSameText() {
        let m = model()
        let start = m.pager.anchor
        XCTAssertEqual(m.handle(.character(" ")), [.positionChanged])
        XCTAssertNotEqual(m.pager.anchor, start)
        m.handle(.character(" "))
        m.handle(.character("b"))
        m.handle(.pageUp)
        XCTAssertEqual(m.pager.anchor, start)
        XCTAssertEqual(m.handle(.character("b")), [], "nothing before the start")
    }

    func testTheEndOfTheBookReads100Percent() {
        // Issue #13, item 9: `G` showed 99.6 % in Moby-Dick.
        let m = model()
        m.handle(.character("G"))
        XCTAssertEqual(m.progress.perMille, 1000)
        XCTAssertEqual(m.snapshot.status.percent, "100.0%")
        m.handle(.character("k"))
        XCTAssertLessThan(m.progress.perMille, 1000, "a line up, the end is off the page")
        m.handle(.character("g"))
        var last = m.progress.perMille
        while true {
            let before = m.pager.anchor
            m.handle(.pageDown)
            guard m.pager.anchor != before else { break }
            XCTAssertGreaterThanOrEqual(m.progress.perMille, last, "paging forward never goes down")
            last = m.progress.perMille
        }
        XCTAssertEqual(last, 1000, "paging to the end reads 100 %")
    }

    func testPageTurnMovesExactlyOneScreen() {
        let m = model(rows: 12)
        let firstPage = m.pager.visibleLines(in: m.layouts).map(\.line)
        m.handle(.pageDown)
        let secondTop = m.pager.visibleLines(in: m.layouts).first!.line
        let all = m.layouts.lines(ofChapter: 0)
        XCTAssertEqual(firstPage.count, 11)
        XCTAssertEqual(secondTop, all[11])
    }

    func testChapterKeysAndCommands() throws {
        let m = model()
        m.handle(.character("]"))
        XCTAssertEqual(m.progress.chapter, 1)
        m.handle(.character("]"))
        XCTAssertEqual(m.progress.chapter, 2)
        m.handle(.character("["))
        XCTAssertEqual(m.progress.chapter, 1)
        for c in ":chapter 5" { m.handle(.character(c)) }
        let prompt = try XCTUnwrap(m.topLayer as? PromptLayer)
        XCTAssertEqual(prompt.kind, .command)
        XCTAssertEqual(prompt.text, "chapter 5")
        m.handle(.enter)
        assertReading(m)
        XCTAssertEqual(m.pager.anchor, m.content.chapters[4].range.lowerBound)
        for c in ":50%" { m.handle(.character(c)) }
        m.handle(.enter)
        XCTAssertEqual(Double(m.progress.perMille), 500, accuracy: 15)
        for c in ":offset 1234" { m.handle(.character(c)) }
        m.handle(.enter)
        XCTAssertEqual(m.pager.anchor, 1234)
        for c in ":nonsense" { m.handle(.character(c)) }
        m.handle(.enter)
        XCTAssertNotNil(m.message)
    }

    func testTableOfContentsJump() {
        let m = model()
        m.handle(.character("t"))
        XCTAssertEqual((m.topLayer as? ContentsLayer)?.selected, 0)
        m.handle(.down); m.handle(.down); m.handle(.down)
        XCTAssertEqual(m.handle(.enter), [.positionChanged])
        assertReading(m)
        XCTAssertEqual(m.progress.chapter, 3)
    }

    func testSearchAcrossChaptersWithWrap() {
        let m = model()
        for c in "/word5-2-3" { m.handle(.character(c)) }
        m.handle(.enter)
        let match = try! XCTUnwrap(m.currentMatch)
        XCTAssertEqual(m.content.string(in: match), "word5-2-3")
        XCTAssertEqual(m.content.chapterIndex(containing: match.lowerBound), 4)
        // Visible on screen.
        XCTAssertTrue(m.pager.visibleLines(in: m.layouts).contains { $0.line.range.contains(match.lowerBound) })
        m.handle(.character("n"))
        XCTAssertEqual(m.message, "Search wrapped to the start")
        XCTAssertEqual(m.currentMatch, match, "only one match: wrapping finds it again")
        for c in "/(unclosed" { m.handle(.character(c)) }
        m.handle(.enter)
        XCTAssertEqual(m.message, "Not a valid regular expression: (unclosed")
    }

    func testSmartCaseSearch() {
        let m = model()
        for c in "/WORD3-1-1" { m.handle(.character(c)) }
        m.handle(.enter)
        XCTAssertNil(m.currentMatch, "upper case in the pattern makes it case-sensitive")
        for c in "/chapter 4" { m.handle(.character(c)) }
        m.handle(.enter)
        XCTAssertEqual(m.content.string(in: try! XCTUnwrap(m.currentMatch)), "Chapter 4")
    }

    func testBookmarksAddJumpDelete() {
        let m = model()
        m.handle(.character("]")); m.handle(.character("]"))
        let here = m.pager.anchor
        XCTAssertEqual(m.handle(.character("m")), [.bookmarksChanged])
        m.handle(.character("g"))
        XCTAssertEqual(m.pager.anchor, .zero)
        m.handle(.character("'"))
        XCTAssertEqual(m.handle(.enter), [.positionChanged])
        XCTAssertEqual(m.pager.anchor, here)
        m.handle(.character("'"))
        XCTAssertEqual(m.handle(.character("d")), [.bookmarksChanged])
        XCTAssertTrue(m.marks.isEmpty)
    }

    func testResizeDuringReadingKeepsPosition() {
        let m = model(rows: 20, columns: 100)
        for _ in 0..<7 { m.handle(.character("j")) }
        let anchor = m.pager.anchor
        let top = m.pager.visibleLines(in: m.layouts).first!.line
        m.resize(columns: 60, rows: 15)
        XCTAssertEqual(m.textWidth, 56)
        XCTAssertTrue(m.pager.visibleLines(in: m.layouts).first!.line.range.contains(anchor))
        m.resize(columns: 100, rows: 20)
        XCTAssertEqual(m.pager.visibleLines(in: m.layouts).first!.line, top)
    }

    func testQuitSavesPosition() {
        let m = model()
        XCTAssertEqual(m.handle(.character("q")), [.positionChanged, .quit])
    }
}
