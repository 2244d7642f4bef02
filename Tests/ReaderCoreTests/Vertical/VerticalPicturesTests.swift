import Screen
import TextContent
import TextLayout
import XCTest
@testable import ReaderCore

/// Pictures in vertical text (issue #23): when the pager draws pictures, an image is a
/// page of its own between the columns, the picture centred on it; paging forward and
/// back passes over it once; without pictures its placeholder is set as columns.
final class VerticalPicturesTests: XCTestCase {
    /// A Japanese chapter with an illustration between two runs of paragraphs.
    func book() -> (TextContent, image: ByteOffset) {
        var b = TextContentBuilder(metadata: BookMetadata(title: "猫", language: "ja", format: .epub, verticalWriting: true))
        b.beginChapter(title: "一", source: "a.xhtml")
        for p in 1...14 { b.beginBlock(.paragraph); b.append("吾輩は猫である。名前はまだ無い。その\(p)。"); b.endBlock() }
        b.beginBlock(.image)
        let image = b.currentOffset
        b.recordImage(source: "illustration.png")
        b.append("［挿絵］")
        b.endBlock()
        for p in 15...30 { b.beginBlock(.paragraph); b.append("どこで生れたかとんと見当がつかぬ。その\(p)。"); b.endBlock() }
        return (b.finish(), image)
    }

    func model(pictures: Bool) -> (ReaderModel, ByteOffset) {
        let (content, image) = book()
        let m = ReaderModel(content: content, position: .zero, columns: 40, rows: 12)
        if pictures { m.layouts.setPictureSizing { _, columns, rows in PictureBox(columns: min(20, columns), rows: min(8, rows)) } }
        m.setWritingMode(.vertical)
        return (m, image)
    }

    /// The pages' starts from the first to the last.
    func forward(_ m: ReaderModel) -> [ByteOffset] {
        var starts = [m.pager.anchor]
        while true {
            m.handle(.pageDown)
            if m.pager.anchor == starts.last { return starts }
            starts.append(m.pager.anchor)
        }
    }

    func testAPictureIsAPageOfItsOwn() {
        let (m, image) = model(pictures: true)
        var pictured = 0
        m.jumpToChapter(0)
        repeat {
            let pictures = m.snapshot.pictures
            let cells = m.snapshot.page!.lines.flatMap(\.clusters)
            if let picture = pictures.first {
                pictured += 1
                XCTAssertEqual(picture.source, "illustration.png")
                XCTAssertEqual(picture.offset, image)
                XCTAssertEqual([picture.columns, picture.rows, picture.visibleRows], [20, 8, 8])
                let g = m.snapshot.geometry
                XCTAssertEqual(picture.column, g.textLeft + (g.textWidth - 20) / 2, "centred across")
                XCTAssertEqual(picture.row, (g.textRows - 8) / 2, "and down")
                XCTAssertTrue(cells.isEmpty, "nothing else on the picture's page")
                XCTAssertEqual(m.pager.anchor, image)
            } else {
                XCTAssertFalse(cells.map(\.text).joined().contains("挿"), "the placeholder is not set as text")
            }
            let before = m.pager.anchor
            m.handle(.pageDown)
            if m.pager.anchor == before { break }
        } while true
        XCTAssertEqual(pictured, 1, "the picture is shown once")
    }

    func testBackShowsThePagesForwardShowed() {
        let (m, _) = model(pictures: true)
        let pages = forward(m)
        XCTAssertGreaterThan(pages.count, 5)
        var back = [m.pager.anchor]
        while true {
            m.handle(.pageUp)
            if m.pager.anchor == back.last { break }
            back.append(m.pager.anchor)
        }
        XCTAssertEqual(Array(back.reversed()), pages)
    }

    /// A jump into the picture (a search, a bookmark) shows its page.
    func testAJumpIntoThePictureShowsIt() {
        let (m, image) = model(pictures: true)
        m.context.jump(to: image + 3)
        m.update()
        XCTAssertEqual(m.snapshot.pictures.map(\.offset), [image])
        XCTAssertEqual(m.context.verticalPage?.picture, image)
    }

    func testWithoutPicturesThePlaceholderIsColumns() {
        let (m, _) = model(pictures: false)
        var text = ""
        repeat {
            XCTAssertTrue(m.snapshot.pictures.isEmpty)
            text += m.snapshot.page!.lines.flatMap(\.clusters).map(\.text).joined()
            let before = m.pager.anchor
            m.handle(.pageDown)
            if m.pager.anchor == before { break }
        } while true
        XCTAssertTrue(text.contains("挿") && text.contains("絵"), "the placeholder's characters are shown")
    }
}
