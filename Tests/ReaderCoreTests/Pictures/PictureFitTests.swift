import ReaderCore
import Screen
import TextContent
import TextLayout
import XCTest

/// `z` in a fixed-layout book: the pages fit the page or the width; a page taller than the
/// screen is read by scrolling through it, by pages and by lines, on to the next page and
/// back, never showing a cut or blank screen.
final class PictureFitTests: XCTestCase {
    /// Three page documents of one picture each (fixed layout unless told).
    func book(fixedLayout: Bool = true, direction: TextDirection = .unspecified) -> (TextContent, pages: [ByteOffset]) {
        var b = TextContentBuilder(metadata: BookMetadata(title: "t", format: .epub, fixedLayout: fixedLayout))
        b.metadata.direction = direction
        var pages: [ByteOffset] = []
        for n in 1...3 {
            b.beginChapter(title: "Page \(n)", source: "page\(n).xhtml")
            b.beginBlock(.image, placement: BlockPlacement(startsPage: true))
            pages.append(b.currentOffset)
            b.recordImage(source: "page\(n).png")
            b.append("[image: page \(n)]")
            b.endBlock()
        }
        return (b.finish(), pages)
    }

    /// A page 4 columns by 9 rows of cells in shape, fitted like `ImageFit` with `enlarge`:
    /// 20 columns wide it is 45 rows tall; in 10 rows it is 4 columns wide.
    static func sizing(_ image: ImageReference, maxColumns: Int, maxRows: Int) -> PictureBox? {
        let rows = maxColumns * 9 / 4
        if rows <= maxRows { return PictureBox(columns: maxColumns, rows: rows) }
        return PictureBox(columns: max(1, maxRows * 4 / 9), rows: maxRows)
    }

    /// A reader of 24 × 11 cells: a 20-cell text column, 10 text rows.
    func model(fixedLayout: Bool = true, direction: TextDirection = .unspecified, at page: Int = 0,
               fit: PictureFit = .page) -> (ReaderModel, pages: [ByteOffset]) {
        let (content, pages) = book(fixedLayout: fixedLayout, direction: direction)
        let model = ReaderModel(content: content, position: pages[page], columns: 24, rows: 11, preferredWidth: 80,
                                settings: ReadingSettings(pictureFit: fit))
        model.layouts.setPictureSizing(Self.sizing)
        return (model, pages)
    }

    /// The picture on screen: its page (0-based) and the rows above the screen.
    func shown(_ model: ReaderModel, _ pages: [ByteOffset], file: StaticString = #filePath, line: UInt = #line) -> [Int] {
        let pictures = model.snapshot.pictures
        XCTAssertEqual(pictures.count, 1, "one picture a screen", file: file, line: line)
        guard let picture = pictures.first, let page = pages.firstIndex(of: picture.offset) else { return [] }
        XCTAssertEqual(picture.row, 0, "at the top", file: file, line: line)
        if picture.rows > 10 {
            XCTAssertEqual(picture.visibleRows, 10, "a tall picture fills every text row", file: file, line: line)
        }
        return [page, picture.cropTop]
    }

    func testZSizesThePagesToTheWidthAndBack() {
        let (model, pages) = model()
        XCTAssertEqual(model.snapshot.pictures.first.map { [$0.columns, $0.rows, $0.visibleRows] }, [4, 10, 10], "fit page")
        let effects = model.handle(.character("z"))
        XCTAssertEqual(effects, [.settingsChanged], "saved with the book")
        XCTAssertEqual(model.settings.pictureFit, .width)
        XCTAssertEqual(model.settings.changed["fit"], "width")
        let wide = model.snapshot.pictures.first
        XCTAssertEqual(wide.map { [$0.columns, $0.rows, $0.visibleRows, $0.cropTop] }, [20, 45, 10, 0],
                       "as wide as the text column, cut at the bottom of the screen")
        XCTAssertEqual(wide?.column, model.snapshot.geometry.textLeft, "not indented: the whole width")
        XCTAssertEqual(model.position, pages[0])
        XCTAssertTrue(model.snapshot.status.message?.contains("fit the width") ?? false, "\(String(describing: model.snapshot.status.message))")
        XCTAssertEqual(model.handle(.character("z")), [.settingsChanged])
        XCTAssertEqual(model.settings.changed["fit"], "page")
        XCTAssertEqual(model.snapshot.pictures.first.map { [$0.columns, $0.rows, $0.cropTop] }, [4, 10, 0])
    }

    func testPageDownScrollsThroughATallPageThenOnAndPageUpComesBack() {
        let (model, pages) = model()
        model.handle(.character("z"))
        var screens = [shown(model, pages)]
        for _ in 0..<5 {
            model.handle(.character(" "))
            screens.append(shown(model, pages))
        }
        // 45 rows in screens of 10: 0, 10, 20, 30, then 35 (its last row on the last text row).
        XCTAssertEqual(screens, [[0, 0], [0, 10], [0, 20], [0, 30], [0, 35], [1, 0]])
        XCTAssertEqual(model.position, pages[1])
        var back: [[Int]] = []
        for _ in 0..<5 {
            model.handle(.pageUp)
            back.append(shown(model, pages))
        }
        XCTAssertEqual(back, Array(screens.reversed().dropFirst()), "page up retraces the page turns")
    }

    func testPageUpOntoATallPageShowsItsLastScreenFirst() {
        let (model, pages) = model(at: 1, fit: .width)
        XCTAssertEqual(shown(model, pages), [1, 0], "opened at the second page, fitted to the width at once")
        var screens: [[Int]] = []
        for _ in 0..<6 {
            model.handle(.character("b"))
            screens.append(shown(model, pages))
        }
        XCTAssertEqual(screens, [[0, 35], [0, 25], [0, 15], [0, 5], [0, 0], [0, 0]], "a screen up each time, then the first")
    }

    func testLinesMoveThroughTheTallPageToTheNextAndBack() {
        let (model, pages) = model(fit: .width)
        for expected in 1...35 {
            model.handle(.character("j"))
            XCTAssertEqual(shown(model, pages), [0, expected])
        }
        model.handle(.down)
        XCTAssertEqual(shown(model, pages), [1, 0], "past the last row: the next page")
        model.handle(.up)
        XCTAssertEqual(shown(model, pages), [0, 35], "back: the end of the page before")
        model.handle(.character("k"))
        XCTAssertEqual(shown(model, pages), [0, 34])
        model.handle(.character("d"))
        XCTAssertEqual(shown(model, pages), [0, 35], "half a page, held at the last screen: its last row is shown first")
        model.handle(.character("u"))
        XCTAssertEqual(shown(model, pages), [0, 30])
        for _ in 0..<9 { model.handle(.character("k")) }
        model.handle(.character("u"))
        XCTAssertEqual(shown(model, pages), [0, 16])
        for _ in 0..<14 { model.handle(.character("j")) }
        XCTAssertEqual(shown(model, pages), [0, 30])
        XCTAssertEqual(model.position, pages[0], "the saved position stays the picture's offset")
        model.handle(.wheelDown)
        model.handle(.wheelDown)
        XCTAssertEqual(shown(model, pages), [0, 35])
        model.handle(.wheelDown)
        XCTAssertEqual(shown(model, pages), [1, 0], "from the last screen on to the next page")
        model.handle(.character("j"))
        model.handle(.character("u"))
        XCTAssertEqual(shown(model, pages), [1, 0], "half a page up from its row 1: the top of the page first")
        model.handle(.character("u"))
        XCTAssertEqual(shown(model, pages), [0, 35], "then the last screen of the page before")
    }

    func testTheEndOfTheBookIsTheLastScreenOfTheLastPage() {
        let (model, pages) = model(fit: .width)
        model.handle(.character("G"))
        XCTAssertEqual(shown(model, pages), [2, 35])
        model.handle(.character(" "))
        XCTAssertEqual(shown(model, pages), [2, 35], "page down stays")
        XCTAssertEqual(model.progress.perMille, 1000)
    }

    func testAResizeKeepsFitWidthAndSizesAgain() {
        let (model, pages) = model()
        model.handle(.character("z"))
        model.handle(.character(" "))
        XCTAssertEqual(shown(model, pages), [0, 10])
        model.resize(columns: 34, rows: 11)
        XCTAssertEqual(model.settings.pictureFit, .width)
        XCTAssertEqual(model.snapshot.pictures.first.map { [$0.columns, $0.rows] }, [30, 67], "the new width, however tall")
        XCTAssertEqual(shown(model, pages), [0, 10], "the same rows above the screen")
        model.resize(columns: 24, rows: 41)
        XCTAssertEqual(model.snapshot.pictures.first.map { [$0.columns, $0.rows, $0.visibleRows, $0.cropTop] }, [20, 45, 40, 5],
                       "taller screen: held so the picture's last row is on the last text row")
        model.resize(columns: 24, rows: 11)
        model.handle(.character("G"))
        model.handle(.character("g"))
        for _ in 0..<4 { model.handle(.character(" ")) }
        XCTAssertEqual(shown(model, pages), [0, 35])
        model.resize(columns: 12, rows: 11)
        // 12 columns: 27 rows; the 35 rows above the screen are more than it has.
        XCTAssertEqual(model.snapshot.pictures.first.map { [$0.columns, $0.rows, $0.visibleRows, $0.cropTop] }, [12, 27, 10, 17],
                       "narrower: the picture's last screen, not a line past it")
    }

    func testLeftIsTheNextScreenInARightToLeftBook() {
        let (model, pages) = model(direction: .rightToLeft, fit: .width)
        model.handle(.left)
        XCTAssertEqual(shown(model, pages), [0, 10])
        for _ in 0..<4 { model.handle(.left) }
        XCTAssertEqual(shown(model, pages), [1, 0], "← goes through the page and on to the next")
        model.handle(.right)
        XCTAssertEqual(shown(model, pages), [0, 35], "→ goes back")
    }

    func testZDoesNothingInABookThatIsNotFixedLayout() {
        let (model, _) = model(fixedLayout: false)
        let before = model.snapshot.pictures
        XCTAssertEqual(model.handle(.character("z")), [])
        XCTAssertEqual(model.snapshot.status.message, "z fits pictures in fixed-layout books only")
        XCTAssertEqual(model.snapshot.pictures, before)
        XCTAssertNil(model.settings.changed["fit"])
        XCTAssertEqual(model.settings.pictureFit, .page)
        let (saved, _) = self.model(fixedLayout: false, fit: .width)
        XCTAssertEqual(saved.snapshot.pictures.first?.rows, 10, "a saved fit width does not make an ordinary book's pictures tall")
    }
}
