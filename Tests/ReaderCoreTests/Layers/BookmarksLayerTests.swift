import XCTest
import TextContent
@testable import ReaderCore

final class BookmarksLayerTests: XCTestCase {
    func model(marks: [Mark] = []) -> ReaderModel {
        ReaderModel(content: PagerTests.book(chapters: 4, paragraphs: 10), position: .zero, columns: 60, rows: 12, marks: marks)
    }

    func testAnEmptyListSaysHowToAddOne() throws {
        let m = model()
        m.handle(.character("'"))
        let list = try XCTUnwrap(m.snapshot.list)
        XCTAssertEqual(list.title, "No bookmarks yet: press m while reading")
        XCTAssertEqual(list.entries, [])
        XCTAssertNil(list.selectedRow)
        XCTAssertEqual(m.handle(.character("d")), [], "nothing to delete")
        XCTAssertEqual(m.handle(.enter), [], "nothing to jump to: it just closes")
        XCTAssertTrue(m.topLayer is ReadingLayer)
    }

    func testEntriesShowThePercentageAndDeletingTheLastKeepsASelection() throws {
        let content = PagerTests.book(chapters: 4, paragraphs: 10)
        let half = ByteOffset(content.bytes.count / 2)
        let m = model(marks: [Mark(offset: .zero, label: "start"), Mark(offset: half, label: "middle")])
        m.handle(.character("'"))
        let middle = Progress(offset: half, in: content).percentText
        XCTAssertEqual(try XCTUnwrap(m.snapshot.list).entries, ["  0.0%  start", "\(middle)  middle"])
        m.handle(.down)
        m.handle(.down)
        XCTAssertEqual((m.topLayer as? BookmarksLayer)?.selected, 1)
        XCTAssertEqual(m.handle(.character("x")), [.bookmarksChanged])
        XCTAssertEqual(m.marks.map(\.label), ["start"])
        XCTAssertEqual((m.topLayer as? BookmarksLayer)?.selected, 0)
        XCTAssertEqual(m.snapshot.list?.selectedRow, 0)
        XCTAssertEqual(m.handle(.character("'")), [])
        XCTAssertTrue(m.topLayer is ReadingLayer)
    }

    func testTheBookmarkListHoldsTheReveal() {
        let m = model()
        m.startReveal(at: 0)
        m.handle(.character("'"), at: 1)
        XCTAssertEqual(m.reveal?.isHeld, true)
        m.handle(.escape, at: 2)
        XCTAssertEqual(m.reveal?.isHeld, false)
    }
}
