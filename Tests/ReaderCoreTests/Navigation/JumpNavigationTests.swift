import XCTest
import TextContent
import TextLayout
@testable import ReaderCore

/// Jumps (contents, search, `:` commands, bookmarks, g/G) are recorded; Ctrl-O goes back to
/// the exact offset, Alt-→ forward; scrolling and chapter keys are not jumps.
final class JumpNavigationTests: XCTestCase {
    func model() -> ReaderModel {
        ReaderModel(content: PagerTests.book(chapters: 6, paragraphs: 10), position: .zero, columns: 60, rows: 12)
    }

    func type(_ text: String, into m: ReaderModel) {
        for c in text { m.handle(.character(c)) }
        m.handle(.enter)
    }

    func testCtrlOReturnsFromACommandJumpAndAltRightGoesForward() {
        let m = model()
        m.handle(.pageDown)
        let start = m.position
        type(":chapter 5", into: m)
        let there = m.position
        XCTAssertNotEqual(there, start)
        m.handle(.control("o"))
        XCTAssertEqual(m.position, start, "back to the exact offset")
        m.handle(.alt(.right))
        XCTAssertEqual(m.position, there)
        m.handle(.alt(.left))
        XCTAssertEqual(m.position, start, "Alt-← is back too")
    }

    func testContentsSearchBookmarksAndGAreJumps() {
        let m = model()
        var origins: [ByteOffset] = []
        origins.append(m.position); m.handle(.character("G"))
        origins.append(m.position); m.handle(.character("g"))
        origins.append(m.position); m.handle(.character("t")); m.handle(.down); m.handle(.down); m.handle(.enter)
        origins.append(m.position); type("/word5-3-", into: m)
        XCTAssertEqual(m.jumps.entries, origins)
        for origin in origins.reversed() {
            m.handle(.control("o"))
            XCTAssertEqual(m.position, origin)
        }
    }

    func testScrollingAndChapterKeysAreNotJumps() {
        let m = model()
        m.handle(.pageDown); m.handle(.character("j")); m.handle(.character("]")); m.handle(.character("["))
        XCTAssertTrue(m.jumps.entries.isEmpty)
        m.handle(.control("o"))
        XCTAssertNotNil(m.message, "says there is nowhere to go back to")
    }

    func testBackWorksAfterAResize() {
        let m = model()
        m.handle(.pageDown); m.handle(.pageDown)
        let start = m.position
        type(":50%", into: m)
        m.resize(columns: 41, rows: 9)
        m.handle(.control("o"))
        XCTAssertEqual(m.position, start)
        let top = m.pager.visibleLines(in: m.layouts).first?.line
        XCTAssertEqual(top.map { $0.range.contains(start) || $0.start == start }, true, "the line at the top holds the saved offset")
    }
}
