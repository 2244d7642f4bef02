import XCTest
import Screen
import TextContent
import TextLayout
@testable import ReaderCore

/// `--status`: which fields the status line shows, and the host's time left as an
/// optional field that goes first when the line is narrow.
final class StatusFieldsTests: XCTestCase {
    func statusRow(_ m: ReaderModel) -> String {
        var buffer = ScreenBuffer(width: m.columns, height: m.screenRows)
        Renderer(theme: .plain).render(m.snapshot, into: &buffer)
        return buffer.rowText(m.screenRows - 1)
    }

    func testTimeLeftShowsWhenItFitsAndIsDroppedFirst() {
        let m = ReaderModel(content: PagerTests.book(chapters: 3, paragraphs: 2), position: .zero, columns: 80, rows: 10)
        XCTAssertFalse(statusRow(m).contains("left"), "no estimate given: no field")
        m.setTimeLeft(chapter: "12 min left in chapter", book: "2 h 3 min left in book")
        XCTAssertTrue(statusRow(m).contains("12 min left in chapter  1/3"), statusRow(m))
        XCTAssertFalse(statusRow(m).contains("left in book"), "not a default field")
        m.resize(columns: 36, rows: 10)
        XCTAssertFalse(statusRow(m).contains("left"), "too narrow: dropped, [\(statusRow(m))]")
        XCTAssertTrue(statusRow(m).contains("1/3"))
    }

    func testFieldsChooseWhatShows() {
        let m = ReaderModel(content: PagerTests.book(chapters: 3, paragraphs: 2), position: .zero, columns: 80, rows: 10)
        m.setTimeLeft(chapter: "12 min left in chapter", book: "2 h 3 min left in book")
        m.statusFields = StatusFields(parsing: "chapter,time-left-book")!
        let row = statusRow(m)
        XCTAssertTrue(row.hasSuffix(" 2 h 3 min left in book  1/3 "), "[\(row)]")
        XCTAssertFalse(row.contains("Chapter 1") || row.contains("%") || row.contains("in chapter"), "[\(row)]")
        m.statusFields = StatusFields(parsing: "none")!
        XCTAssertEqual(statusRow(m).trimmingCharacters(in: .whitespaces), "")
    }

    func testParsing() {
        XCTAssertEqual(StatusFields(parsing: "title,chapter,percent,time-left-chapter"), .standard)
        XCTAssertEqual(StatusFields(parsing: "percent")?.fields, [.percent])
        XCTAssertNil(StatusFields(parsing: ""))
        XCTAssertNil(StatusFields(parsing: "percent,,chapter"))
        XCTAssertNil(StatusFields(parsing: "clock"))
    }
}
