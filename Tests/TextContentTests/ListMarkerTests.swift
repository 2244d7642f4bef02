import XCTest
@testable import TextContent

final class ListMarkerTests: XCTestCase {
    func text(_ style: ListMarkerStyle, _ ordinal: Int32) -> String { ListMarker(style: style, ordinal: ordinal).text }

    func testMarkerTexts() {
        XCTAssertEqual(text(.decimal, 3), "3.")
        XCTAssertEqual(text(.decimal, -2), "-2.")
        XCTAssertEqual(text(.bullet, 7), "•")
        XCTAssertEqual(text(.none, 7), "")
        XCTAssertEqual(text(.lowerAlpha, 1), "a.")
        XCTAssertEqual(text(.lowerAlpha, 26), "z.")
        XCTAssertEqual(text(.lowerAlpha, 27), "aa.")
        XCTAssertEqual(text(.upperAlpha, 702), "ZZ.")
        XCTAssertEqual(text(.upperAlpha, 703), "AAA.")
        XCTAssertEqual(text(.lowerRoman, 4), "iv.")
        XCTAssertEqual(text(.upperRoman, 1994), "MCMXCIV.")
        XCTAssertEqual(text(.upperRoman, 3999), "MMMCMXCIX.")
    }

    func testOrdinalsOutsideAStylesRangeFallBackToDecimal() {
        XCTAssertEqual(text(.lowerAlpha, 0), "0.")
        XCTAssertEqual(text(.lowerRoman, 4000), "4000.")
        XCTAssertEqual(text(.upperRoman, -1), "-1.")
        XCTAssertEqual(text(.decimal, Int32.min), "-2147483648.")
        XCTAssertEqual(text(.lowerAlpha, Int32.max).count, 8)
    }

    func testWidthIsOneCellACharacter() {
        XCTAssertEqual(ListMarker(style: .bullet).width, 1)
        XCTAssertEqual(ListMarker(style: .lowerRoman, ordinal: 8).width, 5)
    }

    func testTheBuilderMarksAndIndentsListBlocks() {
        var b = TextContentBuilder(metadata: BookMetadata(title: "t", format: .epub))
        b.beginBlock(.paragraph); b.append("intro")
        b.beginBlock(.listItem, level: 1); b.append("item")
        b.beginBlock(.listItem, level: 1); b.append("more of it")
        b.beginBlock(.image); b.append("[image]")
        b.endBlock()
        XCTAssertEqual(b.blockCount, 4)
        XCTAssertFalse(b.setListMarker(.decimal, ordinal: 4, inBlocks: 0..<1), "a paragraph takes no marker")
        XCTAssertTrue(b.setListMarker(.decimal, ordinal: 4, inBlocks: 0..<4))
        b.indentListBlocks(from: 0, by: 3)
        b.indentListBlocks(from: 1, by: 300)
        let content = b.finish()
        XCTAssertEqual(content.blocks.map(\.marker), [nil, ListMarker(style: .decimal, indent: 255, ordinal: 4),
                                                     ListMarker(style: .none, indent: 255), nil])
    }
}

extension ListMarkerTests {
    func testNestedListsAreIndentedInOnePass() {
        var b = TextContentBuilder(metadata: BookMetadata(title: "t", format: .epub))
        for text in ["outer", "inner", "innermost", "inner again", "outer again"] {
            b.beginBlock(.listItem, level: 1)
            b.append(text)
        }
        b.endBlock()
        // Outer list 0..<5 (column 3), inner 1..<4 (column 2), innermost 2..<3 (column 4).
        b.indentListBlocks([(2..<3, 4), (1..<4, 2), (0..<5, 3), (7..<9, 5)])
        XCTAssertEqual(b.finish().blocks.map { $0.marker?.indent }, [3, 5, 9, 5, 3])
    }
}
