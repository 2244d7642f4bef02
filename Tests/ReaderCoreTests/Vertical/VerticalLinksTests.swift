import TextContent
import TextLayout
import XCTest
@testable import ReaderCore

/// Links in vertical text (issue #23): `Tab` selects the links on the page and the selected
/// one is drawn so; Enter and a click follow it; `F`'s hints sit on their columns; a jump
/// lands on the right-hand column of its target.
final class VerticalLinksTests: XCTestCase {
    /// A paragraph with two links to a far chapter, then that chapter.
    func model() -> ReaderModel {
        var b = TextContentBuilder(metadata: BookMetadata(title: "猫", language: "ja", format: .epub, verticalWriting: true))
        b.beginChapter(title: "一", source: "a")
        b.beginBlock(.paragraph)
        b.append("吾輩は")
        let t = b.beginStyle(.link, targetKey: "far")
        b.append("猫")
        b.endStyle(t)
        b.append("である。名前は")
        let u = b.beginStyle(.link, targetKey: "far")
        b.append("まだ")
        b.endStyle(u)
        b.append("無い。")
        b.endBlock()
        for p in 0..<40 { b.beginBlock(.paragraph); b.append("どこで生れたかとんと見当がつかぬ。\(p)"); b.endBlock() }
        b.beginChapter(title: "二", source: "b")
        b.defineTarget("far")
        b.beginBlock(.paragraph); b.append("遠い所。"); b.endBlock()
        let m = ReaderModel(content: b.finish(), position: .zero, columns: 40, rows: 12)
        m.setWritingMode(.vertical)
        return m
    }

    func selectedCells(_ m: ReaderModel) -> String {
        m.snapshot.page!.lines.flatMap(\.clusters).filter(\.isSelected).map(\.text).joined()
    }

    func testTabSelectsAndEnterFollows() {
        let m = model()
        XCTAssertEqual(m.context.visibleLinks().count, 2)
        m.handle(.tab)
        XCTAssertEqual(selectedCells(m), "猫", "the selected link's cells are drawn selected")
        XCTAssertTrue(m.snapshot.status.message?.hasPrefix("Link 1/2") ?? false, m.snapshot.status.message ?? "")
        m.handle(.tab)
        XCTAssertEqual(selectedCells(m), "まだ")
        XCTAssertTrue(m.snapshot.page!.lines.flatMap(\.clusters).contains { $0.text == "猫" && $0.styles != InlineStyles() },
                      "a link keeps its style in columns")
        m.handle(.enter)
        let far = m.context.content.chapters[1].range.lowerBound
        XCTAssertEqual(m.pager.anchor, far, "followed to the far chapter")
        XCTAssertTrue(m.context.isVertical)
        XCTAssertEqual(m.context.verticalPage?.columns.first?.cells.first?.text, "遠")
    }

    func testAClickFollowsALinkAndOtherClicksDoNothing() throws {
        let m = model()
        let link = m.context.visibleLinks()[0]
        let cell = try XCTUnwrap(m.context.cell(of: link.range))
        m.handle(.click(row: cell.row + 1, column: cell.column))   // the character after the link
        XCTAssertEqual(m.pager.anchor, .zero)
        XCTAssertTrue(m.topLayer is ReadingLayer, "a single click on text selects nothing")
        m.handle(.click(row: cell.row, column: cell.column))
        XCTAssertEqual(m.pager.anchor, m.context.content.chapters[1].range.lowerBound)
    }

    func testHintsSitOnTheirColumns() throws {
        let m = model()
        let cells = m.context.cells(of: m.context.visibleLinks().map(\.range))
        XCTAssertEqual(cells.count, 2)
        let first = try XCTUnwrap(cells[0]), second = try XCTUnwrap(cells[1])
        XCTAssertEqual(first.column, m.snapshot.geometry.textLeft + m.context.textWidth - 2, "猫 in the right-hand column")
        XCTAssertEqual(first.row, 1 + 3, "one row of indent, then 吾輩は")
        XCTAssertLessThan(second.column, first.column, "まだ further left")
        m.handle(.character("F"))
        XCTAssertTrue(m.topLayer is HintLayer)
    }
}
