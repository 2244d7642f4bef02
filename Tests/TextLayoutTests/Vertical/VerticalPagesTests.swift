import TextContent
import XCTest
@testable import TextLayout

/// Vertical pages and their grid (issue #23): indents, headings, paging, the drawn grid.
final class VerticalPagesTests: XCTestCase {
    private func book() -> TextContent {
        LineFittingTests.content(["第一章", "吾輩は猫である。名前はまだ無い。", "「どこで生れたか。」", "　1904年の話。"],
                                 kinds: [.heading, .paragraph, .paragraph, .paragraph])
    }

    func testHeadingsAreSetLowerAndParagraphsIndented() {
        let pages = VerticalPages.pages(of: book(), height: 8, columnsPerPage: 20)
        XCTAssertEqual(pages.count, 1)
        let columns = pages[0].columns
        XCTAssertEqual(columns.map { $0.cells.map(\.text).joined() },
                       ["第一章", "", "吾輩は猫であ", "る︒名前はまだ無", "い︒", "﹁どこで生れた", "か︒﹂", "　1904年の", "話︒"],
                       "a character goes down with the 。 that may not start a column")
        XCTAssertEqual(columns[0].indent, VerticalPages.headingDrop)
        XCTAssertEqual(columns[2].indent, 1, "a paragraph's first column starts one row down")
        XCTAssertEqual(columns[3].indent, 0)
        XCTAssertEqual(columns[5].indent, 0, "dialogue starting with 「 has no indent")
        XCTAssertEqual(columns[7].indent, 0, "nor a paragraph with its own ideographic space")
        XCTAssertEqual(columns[7].cells.map(\.isCombined), [false, false, false, false, false, false, false],
                       "four digits: one per row")
    }

    func testNoTextIsLostAtAnyHeight() {
        let content = book()
        let text = content.blocks.map { content.string(in: $0.range) }.joined()
        for height in 2...12 {
            let cells = VerticalPages.pages(of: content, height: height, columnsPerPage: 3).flatMap(\.columns).flatMap(\.cells)
            let shown = cells.map { String(decoding: content.bytes[$0.range], as: UTF8.self) }.joined()
            XCTAssertEqual(shown.replacingOccurrences(of: " ", with: ""), text.replacingOccurrences(of: " ", with: ""), "height \(height)")
            for column in VerticalPages.pages(of: content, height: height, columnsPerPage: 3).flatMap(\.columns) {
                XCTAssertLessThanOrEqual(column.indent + column.cells.count, height, "height \(height)")
            }
        }
    }

    func testAChapterStartsAPageAndPagesHoldTheirColumns() {
        var b = TextContentBuilder(metadata: BookMetadata(title: "t", format: .txt))
        b.beginChapter(title: "一", source: "a")
        b.beginBlock(.paragraph); b.append("一つ目の章。"); b.endBlock()
        b.beginChapter(title: "二", source: "b")
        b.beginBlock(.paragraph); b.append("二つ目。"); b.endBlock()
        let content = b.finish()
        let pages = VerticalPages.pages(of: content, height: 4, columnsPerPage: 5)
        XCTAssertEqual(pages.map { $0.columns.count }, [2, 2])
        XCTAssertEqual(pages[1].start, content.chapters[1].range.lowerBound)
    }

    func testTheGridDrawsColumnsRightToLeft() {
        let page = VerticalPages.pages(of: LineFittingTests.content(["あいう、えお12か"]), height: 4, columnsPerPage: 3)[0]
        // Columns at cells 6–7, 3–4 and 0–1 (one cell of gap); the paragraph starts one row
        // down; う goes down with the 、 that may not start a column; 12 shares a row.
        XCTAssertEqual(VerticalGrid.rows(of: page, height: 4, width: 8), [
            "12 う",
            "か ︑ あ",
            "   え い",
            "   お",
        ])
        XCTAssertEqual(VerticalGrid.columnsPerPage(width: 8), 3)
        XCTAssertEqual(VerticalGrid.columnsPerPage(width: 80), 27)
    }
}
