import XCTest
import TextContent
@testable import ReaderCore

final class ContentsLayerTests: XCTestCase {
    func model(chapters: Int = 30) -> ReaderModel {
        ReaderModel(content: PagerTests.book(chapters: chapters, paragraphs: 2), position: .zero, columns: 60, rows: 12)
    }

    func selected(_ m: ReaderModel) -> Int? { (m.topLayer as? ContentsLayer)?.selected }

    func testOpensOnTheEntryOfTheReadingPosition() {
        let m = model()
        m.jumpToChapter(7)
        m.handle(.character("j"))
        m.handle(.character("t"))
        XCTAssertEqual(selected(m), 7)
    }

    func testMovingByLinesPagesAndEndsIsClamped() {
        let m = model()
        m.handle(.character("t"))
        m.handle(.up)
        XCTAssertEqual(selected(m), 0)
        m.handle(.pageDown)
        XCTAssertEqual(selected(m), 9, "a page is the list's rows: 11 text rows − 2")
        m.handle(.character("G"))
        XCTAssertEqual(selected(m), 29)
        m.handle(.down)
        XCTAssertEqual(selected(m), 29)
        m.handle(.character("b"))
        XCTAssertEqual(selected(m), 20)
        m.handle(.home)
        XCTAssertEqual(selected(m), 0)
    }

    func testTheListWindowFollowsTheSelection() throws {
        let m = model()
        m.handle(.character("t"))
        for _ in 0..<15 { m.handle(.down) }
        let list = try XCTUnwrap(m.snapshot.list)
        XCTAssertEqual(list.title, "Contents")
        XCTAssertEqual(list.entries.count, 9)
        XCTAssertEqual(list.firstIndex, 11, "the selection near the middle")
        XCTAssertEqual(list.selectedRow, 4)
        XCTAssertEqual(list.entries[4], "Chapter 16")
        XCTAssertNil(m.snapshot.page, "the list covers the text")
    }

    func testClosingKeysLeaveThePositionAndOtherKeysAreSwallowed() {
        for key in [Input.escape, .character("q"), .character("t"), .character("h")] {
            let m = model()
            m.handle(.character("t"))
            m.handle(.down)
            XCTAssertEqual(m.handle(.character("]")), [], "not passed to the reading layer")
            XCTAssertEqual(selected(m), 1)
            XCTAssertEqual(m.handle(key), [])
            XCTAssertTrue(m.topLayer is ReadingLayer, "\(key) closes")
            XCTAssertEqual(m.position, .zero)
        }
    }

    func testEnterJumpsToTheSelectedEntry() {
        let m = model()
        m.handle(.character("t"))
        m.handle(.character("G"))
        XCTAssertEqual(m.handle(.character("l")), [.positionChanged])
        XCTAssertEqual(m.position, m.content.chapters[29].range.lowerBound)
    }
}
