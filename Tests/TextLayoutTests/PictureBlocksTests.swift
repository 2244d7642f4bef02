import TextContent
import TextLayout
import XCTest

/// `LineCollection.placingPictures`: image blocks become picture rows that keep the
/// block's bytes, so positions do not move.
final class PictureBlocksTests: XCTestCase {
    /// A paragraph, an image block, a paragraph.
    func content() -> (TextContent, image: ByteOffset) {
        var b = TextContentBuilder(metadata: BookMetadata(title: "t", format: .epub))
        b.beginBlock(.paragraph); b.append("Before the picture."); b.endBlock()
        b.beginBlock(.image)
        let image = b.currentOffset
        b.recordImage(source: "a.png")
        b.append("[image: a long description of the picture that wraps]")
        b.endBlock()
        b.beginBlock(.paragraph); b.append("After it."); b.endBlock()
        return (b.finish(), image)
    }

    func layout(width: Int = 20) -> (LineCollection, TextContent, ByteOffset) {
        let (content, image) = content()
        var options = LayoutOptions()
        options.width = width
        return (TextLayout.layout(content, range: content.fullRange, options: options), content, image)
    }

    func testAnImageBlockBecomesItsRows() {
        let (lines, _, image) = layout()
        XCTAssertGreaterThan(lines.lines.filter { $0.kind == .image }.count, 1, "the placeholder wraps")
        let placed = lines.placingPictures { $0 == image ? PictureBox(columns: 8, rows: 5) : nil }
        let rows = placed.lines.filter { $0.flags.contains(.picture) }
        XCTAssertEqual(rows.count, 5)
        XCTAssertTrue(rows.allSatisfy { $0.start == image && $0.width == 8 && $0.indent == 6 }, "centred: (20 - 8) / 2")
        XCTAssertTrue(rows[0].flags.contains(.blockStart) && rows[4].flags.contains(.blockEnd))
        XCTAssertFalse(rows[1].flags.contains(.blockStart) || rows[1].flags.contains(.blockEnd))
        // The first row holds the whole block's bytes: the lines still cover the text.
        let original = lines.lines.filter { $0.kind == .image }
        XCTAssertEqual(rows[0].range.upperBound, original.last!.range.upperBound)
        XCTAssertTrue(rows.dropFirst().allSatisfy { $0.length == 0 })
        // Other lines are untouched.
        XCTAssertEqual(placed.lines.filter { $0.kind != .image }, lines.lines.filter { $0.kind != .image })
    }

    func testAnOffsetInThePictureFindsItsFirstRow() {
        let (lines, _, image) = layout()
        let placed = lines.placingPictures { _ in PictureBox(columns: 8, rows: 5) }
        let first = placed.lineIndex(containing: image)
        XCTAssertTrue(placed[first].flags.contains(.picture) && placed[first].flags.contains(.blockStart))
        XCTAssertEqual(placed.lineIndex(containing: image + 7), first, "inside the placeholder's bytes")
        XCTAssertEqual(placed.lastPictureRow(of: first), first + 4)
        XCTAssertEqual(placed.firstPictureRow(of: first + 3), first)
        XCTAssertEqual(placed.lastPictureRow(of: 0), 0, "not a picture row")
    }

    func testWithoutABoxThePlaceholderStays() {
        let (lines, _, _) = layout()
        XCTAssertEqual(lines.placingPictures { _ in nil }.lines, lines.lines)
    }

    func testABoxWiderThanTheTextIsNarrowed() {
        let (lines, _, image) = layout(width: 20)
        let placed = lines.placingPictures { $0 == image ? PictureBox(columns: 50, rows: 2) : nil }
        let rows = placed.lines.filter { $0.flags.contains(.picture) }
        XCTAssertEqual(rows.map(\.width), [20, 20])
        XCTAssertEqual(rows.map(\.indent), [0, 0])
    }
}
