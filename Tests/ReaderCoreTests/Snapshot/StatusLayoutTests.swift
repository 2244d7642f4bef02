import XCTest
import Screen
import TextContent
import TextLayout
@testable import ReaderCore

/// What the status line keeps when it is short of room (issue #13, item 10 and the
/// chapter path): the chapter counter and the percentage always, the title shortened.
final class StatusLayoutTests: XCTestCase {
    func statusRow(_ m: ReaderModel) -> String {
        var buffer = ScreenBuffer(width: m.columns, height: m.screenRows)
        Renderer(theme: .plain).render(m.snapshot, into: &buffer)
        return buffer.rowText(m.screenRows - 1)
    }

    func testTheCounterAndThePercentageFitAtEveryWidthWith2000Chapters() {
        let content = PagerTests.book(chapters: 2000, paragraphs: 1)
        let m = ReaderModel(content: content, position: .zero, columns: 100, rows: 10)
        for columns in 12...140 {
            m.resize(columns: columns, rows: 10)
            let row = statusRow(m)
            XCTAssertTrue(row.contains("1/2000"), "\(columns) columns: [\(row)]")
            XCTAssertTrue(row.trimmingCharacters(in: .whitespaces).hasSuffix("0.0%"), "\(columns) columns: [\(row)]")
        }
        for columns in 4...11 {
            m.resize(columns: columns, rows: 10)
            XCTAssertTrue(statusRow(m).contains("0.0%"), "the percentage at least, \(columns) columns")
        }
        m.resize(columns: 100, rows: 10)
        XCTAssertTrue(statusRow(m).hasPrefix(" Chapter 1 "), "the title keeps the rest")
    }

    func testALongTitleIsCutAndTheRightPartStays() {
        let title = String(repeating: "A very long chapter title ", count: 8)
        let layout = StatusLayout(columns: 60, path: [title], message: nil, fields: ["reveal   30 cps"],
                                  chapter: "   1/2014", percent: "  0.0%")
        XCTAssertEqual(layout.right, " reveal   30 cps     1/2014    0.0% ")
        XCTAssertEqual(layout.leftWidth + CellWidth.of(layout.right), 60)
    }

    func testAnOptionalFieldGivesWayBeforeTheTitleIsGone() {
        let layout = StatusLayout(columns: 40, path: ["Chapter One"], message: nil, fields: ["reveal   30 cps"],
                                  chapter: "   1/2014", percent: "  0.0%")
        XCTAssertEqual(layout.right, "    1/2014    0.0% ", "the reveal field is dropped to keep the title")
        XCTAssertEqual(layout.left, " Chapter One")
    }

    func testThePathIsShortenedFromTheLeft() {
        let path = ["Book One: 1805", "Part I", "III"]
        XCTAssertEqual(StatusLayout.shortened(path, toFit: 80), "Book One: 1805 › Part I › III")
        XCTAssertEqual(StatusLayout.shortened(path, toFit: 20), "… › Part I › III")
        XCTAssertEqual(StatusLayout.shortened(path, toFit: 8), "… › III")
        XCTAssertEqual(StatusLayout.shortened(path, toFit: 2), "III", "the innermost title is kept (and cut when drawn)")
    }

    func testTheStatusLineShowsTheChapterPath() {
        var b = TextContentBuilder(metadata: BookMetadata(title: "Nested", format: .txt))
        for (title, level) in [("Book One", 1), ("Part I", 2), ("I", 3), ("II", 3), ("Part II", 2), ("I", 3)] {
            b.beginChapter(title: title, level: level, source: "@\(title)")
            b.beginBlock(.heading, level: 1)
            b.append(title)
            b.beginBlock(.paragraph)
            b.append("Text of \(title).")
        }
        let content = b.finish()
        let m = ReaderModel(content: content, position: .zero, columns: 100, rows: 10)
        m.jumpToChapter(3)
        XCTAssertEqual(m.snapshot.status.titlePath, ["Book One", "Part I", "II"])
        XCTAssertTrue(statusRow(m).hasPrefix(" Book One › Part I › II "), statusRow(m))
        m.jumpToChapter(5)
        XCTAssertEqual(m.snapshot.status.titlePath, ["Book One", "Part II", "I"])
        m.resize(columns: 34, rows: 10)
        XCTAssertTrue(statusRow(m).hasPrefix(" … › Part II › I "), "[\(statusRow(m))]")
    }
}
