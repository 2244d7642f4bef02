import TextContent
import TextLayout
import XCTest
@testable import ReaderCore

/// Clicks on vertical text (issue #23): a Ctrl/Alt-click looks up the word under it, found
/// by the column and row it hits; the gap between columns hits nothing.
final class VerticalLookUpTests: XCTestCase {
    func testACtrlClickLooksUpTheWordInItsColumn() throws {
        let m = ReaderModel(content: VerticalReadingTests.japaneseBook(), position: .zero, columns: 40, rows: 12)
        var asked: [LookUpRequest] = []
        m.setDictionary { request in
            asked.append(request)
            return LookUpAnswer(word: request.word, definitions: [Definition(dictionary: "D", headword: request.word, text: "a cat")])
        }
        m.setWritingMode(.vertical)
        let page = try XCTUnwrap(m.context.verticalPage)
        let g = m.snapshot.geometry
        // The second column from the right: the first paragraph, 吾輩は… one row down.
        let column = page.columns[2]
        XCTAssertEqual(column.cells.first?.text, "吾")
        let x = g.textLeft + g.textWidth - 2 - 2 * VerticalGrid.columnPitch
        XCTAssertEqual(m.context.offset(atRow: column.indent + 3, column: x + 1), ByteOffset(column.cells[3].range.lowerBound),
                       "either half of a column's cell hits it")
        XCTAssertNil(m.context.offset(atRow: column.indent + 3, column: x - 1), "the gap hits nothing")
        m.handle(.modifiedClick(row: column.indent + 3, column: x))   // 猫
        XCTAssertEqual(asked.count, 1)
        XCTAssertEqual(asked.first?.following?.first, "猫", "looked up from the character clicked")
        XCTAssertTrue(m.topLayer is DefinitionPopupLayer)
        let cell = try XCTUnwrap(m.context.cell(of: ByteRange(ByteOffset(column.cells[3].range.lowerBound), ByteOffset(column.cells[3].range.upperBound))))
        XCTAssertEqual(cell.row, column.indent + 3, "the popup finds its word's row")
        XCTAssertEqual(cell.column, x)
        m.handle(.escape)
        m.handle(.click(row: column.indent + 3, column: x))
        XCTAssertEqual(asked.count, 1, "a plain click looks nothing up")
    }
}
