import TextContent
import TextLayout
import XCTest
@testable import ReaderCore

/// Visual mode in vertical text (issue #23): `v` selects the page's first word, `j`/`k`
/// move down and up the column, `←`/`→` to the next and previous column at the same row,
/// words and sentences as in lines; the selection is drawn on its cells and follows the
/// head across pages; `y` copies, `h` highlights, a double click selects a word.
final class VerticalVisualModeTests: XCTestCase {
    func model() -> ReaderModel {
        let m = ReaderModel(content: VerticalReadingTests.japaneseBook(), position: .zero, columns: 40, rows: 12)
        m.setWritingMode(.vertical)
        return m
    }

    func selected(_ m: ReaderModel) -> String {
        m.snapshot.page!.lines.flatMap(\.clusters).filter(\.isSelected).map(\.text).joined()
    }

    /// (column index on the page, row) of the head's cell.
    func headCell(_ m: ReaderModel) -> (Int, Int)? {
        let head = m.context.selection!.head.lowerBound.rawValue
        for (k, column) in m.context.verticalPage!.columns.enumerated() {
            if let r = column.cells.firstIndex(where: { !$0.isReading && $0.range.contains(head) }) { return (k, column.indent + r) }
        }
        return nil
    }

    func testMotionsFollowTheColumns() throws {
        let m = model()
        m.handle(.character("v"))
        XCTAssertTrue(m.topLayer is VisualLayer)
        XCTAssertEqual(selected(m), m.context.selectedText, "the selection is drawn on its cells")
        XCTAssertTrue(m.context.selectedText?.hasPrefix("第") ?? false, "the page's first word: the heading's")
        m.handle(.escape)
        // From the first paragraph's 吾 (third column from the right, one row down).
        let page = try XCTUnwrap(m.context.verticalPage)
        let start = page.columns[2].cells[0]
        m.context.startSelection(at: ByteOffset(start.range.lowerBound), clicks: 1)
        var layer = VisualLayer()
        _ = layer.handle(.character("j"), at: 0, in: m.context)
        XCTAssertEqual(try XCTUnwrap(headCell(m)).1, page.columns[2].indent + 1, "j: one row down the column")
        _ = layer.handle(.left, at: 0, in: m.context)
        XCTAssertEqual(try XCTUnwrap(headCell(m)).0, 3, "←: the next column, on the left")
        XCTAssertEqual(try XCTUnwrap(headCell(m)).1, page.columns[2].indent + 1, "at the same row")
        _ = layer.handle(.right, at: 0, in: m.context)
        _ = layer.handle(.character("k"), at: 0, in: m.context)
        XCTAssertEqual(m.context.selection?.head.lowerBound, ByteOffset(start.range.lowerBound), "→ then k: back where it started")
        XCTAssertEqual(m.context.selectedText, "吾")
    }

    func testTheHeadStaysOnThePageAndYCopies() throws {
        let m = model()
        m.handle(.character("v"))
        for _ in 0..<60 { m.handle(.left) }   // sixty columns on: several pages
        let head = try XCTUnwrap(m.context.selection?.head)
        XCTAssertTrue(m.context.verticalSpan.contains(head.lowerBound), "the page turned with the head")
        XCTAssertGreaterThan(m.pager.anchor, .zero)
        let effects = m.handle(.character("y"))
        guard case .copy(let text)? = effects.first else { return XCTFail("no copy: \(effects)") }
        XCTAssertGreaterThan(text.count, 100)
        XCTAssertTrue(m.topLayer is ReadingLayer)
    }

    func testADoubleClickSelectsAWordAndHHighlightsIt() throws {
        let m = model()
        let page = try XCTUnwrap(m.context.verticalPage)
        let column = page.columns[2]
        let g = m.snapshot.geometry
        let x = g.textLeft + g.textWidth - 2 - 2 * VerticalGrid.columnPitch
        m.handle(.click(row: column.indent + 3, column: x), at: 1)
        m.handle(.click(row: column.indent + 3, column: x), at: 1.1)
        XCTAssertTrue(m.topLayer is VisualLayer)
        XCTAssertTrue(m.context.selectedText?.contains("猫") ?? false, m.context.selectedText ?? "")
        m.handle(.character("h"))
        XCTAssertEqual(m.context.highlights.count, 1)
        XCTAssertTrue(m.snapshot.page!.lines.flatMap(\.clusters).contains { $0.text == "猫" && $0.highlight != nil },
                      "the highlight is drawn on its cells")
    }
}
