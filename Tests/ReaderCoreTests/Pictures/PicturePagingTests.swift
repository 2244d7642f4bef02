import ReaderCore
import Screen
import TextContent
import TextLayout
import XCTest

/// Pictures on pages: a page never cuts one, scrolling moves over one as a whole, the
/// snapshot places it, and a position in it opens on its first row.
final class PicturePagingTests: XCTestCase {
    /// Ten numbered paragraphs, an image, ten more.
    func book() -> (TextContent, image: ByteOffset) {
        var b = TextContentBuilder(metadata: BookMetadata(title: "t", format: .epub))
        for i in 1...10 { b.beginBlock(.paragraph); b.append("Line \(i)."); b.endBlock() }
        b.beginBlock(.image)
        let image = b.currentOffset
        b.recordImage(source: "pic.png")
        b.append("[image: pic]")
        b.endBlock()
        for i in 11...20 { b.beginBlock(.paragraph); b.append("Line \(i)."); b.endBlock() }
        return (b.finish(), image)
    }

    func model(rows: Int = 12, box: PictureBox = PictureBox(columns: 10, rows: 6), at position: ByteOffset = .zero) -> (ReaderModel, ByteOffset) {
        let (content, image) = book()
        var options = LayoutOptions()
        options.paragraphSpacing = false
        let model = ReaderModel(content: content, position: position, columns: 30, rows: rows, preferredWidth: 30, baseOptions: options)
        model.layouts.setPictureSizing { _, columns, rows in PictureBox(columns: min(box.columns, columns), rows: min(box.rows, rows)) }
        return (model, image)
    }

    func rows(_ model: ReaderModel) -> [String] {
        var buffer = ScreenBuffer(width: model.columns, height: model.screenRows)
        Renderer(theme: .plain).render(model.snapshot, into: &buffer)
        return (0..<model.screenRows - 1).map { buffer.rowText($0).trimmingCharacters(in: .whitespaces) }
    }

    func testAPageEndsAboveAPictureThatDoesNotFit() {
        let (model, image) = model()
        // 11 text rows: lines 1–10, then the picture's 6 rows would not fit.
        XCTAssertEqual(rows(model).filter { !$0.isEmpty }, (1...10).map { "Line \($0)." })
        XCTAssertTrue(model.snapshot.pictures.isEmpty)
        _ = model.handle(.pageDown, at: 0)
        XCTAssertEqual(model.position, image, "the next page starts with the picture")
        let pictures = model.snapshot.pictures
        XCTAssertEqual(pictures.count, 1)
        let picture = pictures[0]
        XCTAssertEqual(picture.source, "pic.png")
        XCTAssertEqual([picture.row, picture.columns, picture.rows, picture.visibleRows], [0, 10, 6, 6])
        XCTAssertEqual(picture.column, model.snapshot.geometry.textLeft + (model.snapshot.geometry.textWidth - 10) / 2)
        let shown = rows(model)
        XCTAssertTrue(shown[0..<6].allSatisfy { $0.isEmpty }, "the picture's cells are blank: \(shown)")
        XCTAssertFalse(shown.contains { $0.contains("[image") }, "no placeholder under the picture")
        XCTAssertEqual(shown[6], "Line 11.")
    }

    func testThePicturesOfTheNextPageAreKnownAhead() {
        let (model, image) = model()
        XCTAssertEqual(model.picturesAhead.map(\.offset), [image], "the page after this one starts with it")
        XCTAssertEqual(model.picturesAhead.first.map { [$0.columns, $0.rows] }, [10, 6])
        _ = model.handle(.pageDown, at: 0)
        XCTAssertTrue(model.picturesAhead.isEmpty, "none after the picture's page")
        let (content, _) = book()
        let off = ReaderModel(content: content, position: .zero, columns: 30, rows: 12, preferredWidth: 30)
        XCTAssertTrue(off.picturesAhead.isEmpty, "pictures off")
    }

    func testScrollingMovesOverAPictureAsAWhole() {
        let (model, image) = model()
        _ = model.handle(.pageDown, at: 0)
        XCTAssertEqual(model.position, image)
        _ = model.handle(.down, at: 0)
        XCTAssertEqual(rows(model)[0], "Line 11.", "one line down goes past the whole picture")
        _ = model.handle(.up, at: 0)
        XCTAssertEqual(model.position, image, "one line up lands on its first row")
        _ = model.handle(.up, at: 0)
        XCTAssertEqual(rows(model)[0], "Line 10.")
        XCTAssertEqual(model.snapshot.pictures.first?.row, 1, "the picture below the line")
    }

    func testAPositionInsideThePictureOpensOnItsFirstRow() {
        let (content, image) = book()
        let (model, _) = model(at: image + 3)
        XCTAssertEqual(model.snapshot.pictures.first?.row, 0)
        XCTAssertEqual(content.image(at: image)?.source, "pic.png")
    }

    func testAPictureIsNeverTallerThanTheTextRows() {
        let (_, image) = book()
        let (model, _) = model(rows: 5, box: PictureBox(columns: 10, rows: 40), at: image)
        XCTAssertEqual(model.snapshot.pictures.first?.rows, 4, "capped at the 4 text rows")
        model.resize(columns: 30, rows: 9)
        XCTAssertEqual(model.snapshot.pictures.first?.rows, 8, "a resize sizes it again")
        XCTAssertEqual(model.position, image, "and keeps the position")
    }

    func testTheRevealShowsAPictureWhenItReachesIt() {
        let (content, image) = book()
        // A page with two lines of text before the picture.
        let start = content.blocks[content.blockIndex(atOrAfter: image) - 2].range.lowerBound
        let (model, _) = model(rows: 14, at: start)
        XCTAssertEqual(model.snapshot.pictures.count, 1)
        model.startReveal(at: 0)
        XCTAssertTrue(model.snapshot.pictures.isEmpty, "not revealed yet")
        var time = 0.0
        while model.snapshot.pictures.isEmpty && time < 60 {
            time += 0.05
            _ = model.advance(to: time)
        }
        XCTAssertEqual(model.snapshot.pictures.count, 1, "shown once the reveal reaches it")
        XCTAssertGreaterThan(time, 0.3, "after the two lines before it (16 characters at 30 a second)")
    }

    func testWithoutSizingThePlaceholderShows() {
        let (content, image) = book()
        let model = ReaderModel(content: content, position: image, columns: 30, rows: 12, preferredWidth: 30)
        XCTAssertTrue(model.snapshot.pictures.isEmpty)
        XCTAssertTrue(rows(model).contains("[image: pic]"))
    }

    func testAnOverlayHidesThePictures() {
        let (_, image) = book()
        let (model, _) = model(at: image)
        XCTAssertEqual(model.snapshot.pictures.count, 1)
        _ = model.handle(.character("?"), at: 0)
        XCTAssertTrue(model.snapshot.pictures.isEmpty, "help over the page: no picture over it")
        _ = model.handle(.escape, at: 0)
        XCTAssertEqual(model.snapshot.pictures.count, 1, "back when it closes")
    }
}

/// ← and → follow the book's page progression.
final class PageProgressionTests: XCTestCase {
    func model(direction: TextDirection) -> ReaderModel {
        var b = TextContentBuilder(metadata: BookMetadata(title: "t", format: .epub))
        b.metadata.direction = direction
        for i in 1...60 { b.beginBlock(.paragraph); b.append("Line \(i)."); b.endBlock() }
        return ReaderModel(content: b.finish(), position: .zero, columns: 30, rows: 10, preferredWidth: 30)
    }

    func testLeftIsTheNextPageInARightToLeftBook() {
        let rtl = model(direction: .rightToLeft)
        _ = rtl.handle(.left, at: 0)
        XCTAssertGreaterThan(rtl.position, .zero, "← went forward")
        let after = rtl.position
        _ = rtl.handle(.right, at: 0)
        XCTAssertEqual(rtl.position, .zero, "→ went back")
        _ = rtl.handle(.character(" "), at: 0)
        XCTAssertEqual(rtl.position, after, "Space is the next page in any book")

        let ltr = model(direction: .unspecified)
        _ = ltr.handle(.right, at: 0)
        XCTAssertEqual(ltr.position, after, "→ is the next page otherwise")
        _ = ltr.handle(.left, at: 0)
        XCTAssertEqual(ltr.position, .zero)
    }
}
