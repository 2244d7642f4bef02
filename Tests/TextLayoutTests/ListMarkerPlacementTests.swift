import XCTest
import TextContent
@testable import TextLayout

/// Where list markers go (`TextLayout.listMarker`), the hanging indent they ask for, and
/// the spacing of verse.
final class ListMarkerPlacementTests: XCTestCase {
    /// A paragraph, then items marked as the EPUB walker marks them (a 2-item ordered list
    /// whose marker column is `column`), then a paragraph.
    func book(_ items: [String], style: ListMarkerStyle = .decimal, start: Int32 = 1, column: Int = 3,
              direction: TextDirection = .unspecified) -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: "t", format: .epub))
        b.beginBlock(.paragraph)
        b.append("Before.")
        for (i, item) in items.enumerated() {
            b.beginBlock(.listItem, level: 1, direction: direction)
            b.append(item)
            b.endBlock()
            b.setListMarker(style, ordinal: start + Int32(i), inBlocks: b.blockCount - 1..<b.blockCount)
        }
        b.indentListBlocks(from: 1, by: column)
        b.beginBlock(.paragraph)
        b.append("After.")
        return b.finish()
    }

    func markers(_ content: TextContent, width: Int, logical: Bool = false) -> [(String, Int, Int)] {
        let options = LayoutOptions(width: width, paragraphSpacing: false)
        let lines = TextLayout.layout(content, range: content.fullRange, options: options)
        return lines.lines.compactMap { line in
            TextLayout.listMarker(of: line, in: content, options: options, logical: logical).map { ($0.text, $0.column, line.indent) }
        }
    }

    func testMarkersAreRightAlignedBeforeTheTextWithAHangingIndent() {
        let content = book(["nine", "ten, a longer item that wraps onto a second line"], start: 9, column: 4)
        let options = LayoutOptions(width: 30, paragraphSpacing: false)
        let lines = TextLayout.layout(content, range: content.fullRange, options: options).lines
        XCTAssertEqual(lines.map(\.indent), [0, 4, 4, 4, 0], "every line of an item hangs at the marker column")
        let placed = markers(content, width: 30)
        XCTAssertEqual(placed.map(\.0), ["9.", "10."])
        XCTAssertEqual(placed.map(\.1), [1, 0], "right-aligned, one cell before the text")
    }

    func testRightToLeftItemsHaveTheirMarkerOnTheRight() {
        let content = book(["פריט"], column: 3, direction: .rightToLeft)
        let placed = markers(content, width: 20)
        XCTAssertEqual(placed.count, 1)
        XCTAssertEqual(placed[0].0, ".1", "the full stop is between the number and the text")
        XCTAssertEqual(placed[0].1, 18, "one cell right of the text, which ends 3 cells from the edge")
        XCTAssertEqual(markers(content, width: 20, logical: true).map(\.1), [0], "--logical: before the text")
    }

    func testListItemsWithoutAMarkerKeepTheBullet() {
        var b = TextContentBuilder(metadata: BookMetadata(title: "t", format: .txt))
        b.beginBlock(.listItem, level: 2)
        b.append("legacy item")
        let content = b.finish()
        let placed = markers(content, width: 20)
        XCTAssertEqual(placed.map(\.0), ["•"])
        XCTAssertEqual(placed.map(\.1), [2], "two cells left of the text at 2 × level")
    }

    func testNoMarkerWithoutRoomOrWithoutAStyle() {
        XCTAssertEqual(markers(book(["x"], style: .none), width: 20).count, 0, "a later paragraph of an item")
        // At width 4 the indent is clamped to 2: "10." does not fit.
        XCTAssertEqual(markers(book(["x"], start: 10, column: 4), width: 4).count, 0)
    }

    func testVerseIsSetOffInCompactLayoutsAndKeepsItsLinesAtTheMargin() {
        var b = TextContentBuilder(metadata: BookMetadata(title: "t", format: .epub))
        b.beginBlock(.paragraph); b.append("Prose.")
        for stanza in ["one\ntwo", "three\nfour"] {
            b.beginBlock(.paragraph, isVerse: true)
            for (i, line) in stanza.split(separator: "\n").enumerated() {
                if i > 0 { b.appendLineBreak() }
                b.append(line)
            }
        }
        b.beginBlock(.paragraph); b.append("More prose.")
        b.beginBlock(.paragraph); b.append("Last.")
        let content = b.finish()
        let options = LayoutOptions(width: 20, firstLineIndent: 3, paragraphSpacing: false)
        let lines = TextLayout.layout(content, range: content.fullRange, options: options).lines
        let rows = lines.map { $0.flags.contains(.blank) ? "" : String(repeating: " ", count: $0.indent)
            + content.string(in: $0.range).trimmingCharacters(in: .whitespacesAndNewlines) }
        XCTAssertEqual(rows, ["   Prose.", "", "one", "two", "", "three", "four", "", "   More prose.", "   Last."])
    }
}
