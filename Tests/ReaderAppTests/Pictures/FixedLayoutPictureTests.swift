import Foundation
import ReaderCore
import ReaderState
import Storage
import Terminal
import TerminalGraphics
import TextLayout
import XCTest
@testable import ReaderApp

/// The fixed-layout manga fixture (`make_fxl_fixtures.py`: four pre-paginated pages of one
/// picture each, right to left): one page a screen, each fitted to it, ← the next.
final class FixedLayoutPictureTests: XCTestCase {
    var folder: URL!
    var directories: XDGDirectories {
        XDGDirectories(state: folder.appendingPathComponent("state").path, cache: folder.appendingPathComponent("cache").path)
    }
    static var manga: String { ReaderLoopTests.fixtures.appendingPathComponent("epub/fxl-manga-rtl.epub").path }

    override func setUp() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("fxl-\(UUID().uuidString)")
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    /// The manga in an 80 × 25 terminal of 10 × 20-pixel cells, drawn with kitty.
    func open(_ path: String = FixedLayoutPictureTests.manga, store: PositionStore? = nil, display: ReadingSettings = ReadingSettings(),
              graphics: GraphicsProtocol = .kitty) throws -> (ReaderLoop, MemoryTerminal) {
        let store = store ?? FilePositionStore(StateStore(folder: directories.state))
        let session = try BookSession.open(path, directories: directories, store: store)
        XCTAssertTrue(session.content.metadata.fixedLayout)
        let clock = ManualClock()
        let device = MemoryTerminal(size: TerminalSize(columns: 80, rows: 25), clock: clock)
        let loop = ReaderLoop(model: session.makeModel(columns: 80, rows: 25, layout: LayoutOptions(), display: display),
                              session: session, device: device, clock: clock)
        PictureSetup.attach(to: loop, graphics: graphics, cell: CellSize(width: 10, height: 20), environment: [:])
        return (loop, device)
    }

    func testTheMangaReadsPageByPageRightToLeft() throws {
        let (loop, device) = try open()
        var shown: [String] = []
        for _ in 0..<5 {
            try loop.draw()
            let pictures = loop.model.snapshot.pictures
            XCTAssertEqual(pictures.count, 1, "one picture a page")
            // 60 × 90 pages in 24 text rows of 20 pixels: 480 × 320 pixels, 32 × 24 cells.
            XCTAssertEqual(pictures.first.map { [$0.row, $0.columns, $0.rows] }, [0, 32, 24], "fitted to the page")
            shown.append(pictures.first?.source ?? "")
            device.send(.key(KeyEvent(.left)))
            _ = try loop.step()
        }
        XCTAssertEqual(shown.count, 5)
        XCTAssertEqual(Set(shown.prefix(4)).count, 4, "four different pages in turn: \(shown)")
        XCTAssertEqual(shown[4], shown[3], "the last page stays")
        XCTAssertEqual(shown.prefix(4).map { ($0 as NSString).lastPathComponent }, ["page1.png", "page2.png", "page3.png", "page4.png"])
    }

    /// The picture on screen: its file's name, its box and the rows above the screen.
    func shown(_ loop: ReaderLoop) -> String {
        guard let p = loop.model.snapshot.pictures.first else { return "none" }
        return "\((p.source as NSString).lastPathComponent) \(p.columns)x\(p.rows) \(p.cropTop)+\(p.visibleRows)"
    }

    func testZFitsThePagesToTheWidthAndKittyShowsTheRowsOnScreen() throws {
        let store = MemoryPositionStore()
        let (loop, device) = try open(store: store)
        try loop.draw()
        XCTAssertEqual(shown(loop), "page1.png 32x24 0+24", "fit page")
        device.type("z")
        _ = try loop.step()
        try loop.draw()
        // 76 text columns of 10 pixels: 760 × 1140 pixels, 57 rows of 20.
        XCTAssertEqual(shown(loop), "page1.png 76x57 0+24", "as wide as the text")
        XCTAssertEqual(store.states.values.first?.settings, ["fit": "width"], "saved with the book at once")
        var screens = [shown(loop)]
        var written = device.written.count
        var bytes: [String] = []
        for _ in 0..<3 {
            device.send(.key(KeyEvent(.left)))   // ← is the next page: the book goes right to left
            _ = try loop.step()
            try loop.draw()
            screens.append(shown(loop))
            bytes.append(String(decoding: device.written[written...], as: UTF8.self))
            written = device.written.count
        }
        XCTAssertEqual(screens, ["page1.png 76x57 0+24", "page1.png 76x57 24+24", "page1.png 76x57 33+24", "page2.png 76x57 0+24"])
        XCTAssertFalse(bytes[0].contains("a=t,"), "the page was sent whole when first shown, not again")
        XCTAssertTrue(bytes[0].contains("x=0,y=480,w=760,h=480,c=76,r=24"), "rows 24–47 of it: \(bytes[0].suffix(120))")
        XCTAssertTrue(bytes[1].contains("x=0,y=660,w=760,h=480,c=76,r=24"), "its last 24 rows")
        XCTAssertTrue(bytes[2].contains("a=t,") && bytes[2].contains("s=760,v=1140"), "the next page sent whole")
        device.send(.key(KeyEvent(.right)))
        _ = try loop.step()
        XCTAssertEqual(shown(loop), "page1.png 76x57 33+24", "→ goes back to the end of the page before")
    }

    func testFitWidthIsKeptForTheBookAndThroughAResize() throws {
        let store = MemoryPositionStore()
        let (loop, device) = try open(store: store)
        device.type("z")
        _ = try loop.step()
        // Opened again with what the reader keeps for the book (`--fit width` from its settings).
        let (again, _) = try open(store: store, display: ReadingSettings(pictureFit: .width))
        XCTAssertEqual(again.model.settings.changed["fit"], "width")
        XCTAssertEqual(shown(again), "page1.png 76x57 0+24")
        again.model.resize(columns: 60, rows: 31)
        // 56 text columns: 560 × 840 pixels, 42 rows; 30 text rows.
        XCTAssertEqual(shown(again), "page1.png 56x42 0+30", "still fitted to the (new) width")
        device.type("z")
        _ = try loop.step()
        XCTAssertEqual(store.states.values.first?.settings, ["fit": "page"])
    }

    /// The colour of the picture's cell in the middle of text row `row` (symbol art: its
    /// background, or its foreground when the background is the default).
    func colour(_ loop: ReaderLoop, row: Int) -> String {
        let geometry = loop.model.snapshot.geometry
        let style = loop.frame[row, geometry.textLeft + geometry.textWidth / 2].style
        let rgb: (UInt8, UInt8, UInt8)
        switch (style.background, style.foreground) {
        case (.rgb(let r, let g, let b), _), (_, .rgb(let r, let g, let b)): rgb = (r, g, b)
        default: return "none"
        }
        // The bands are red, green and blue; the page after them yellow.
        if rgb.0 > 150 && rgb.1 > 150 { return "yellow" }
        return rgb.0 > 150 ? "red" : rgb.1 > 120 ? "green" : rgb.2 > 150 ? "blue" : "other"
    }

    func testScrollingThroughATallPageShowsItsRowsInTurn() throws {
        let tall = ReaderLoopTests.fixtures.appendingPathComponent("epub/fxl-tall-bands.epub").path
        let (loop, device) = try open(tall, display: ReadingSettings(pictureFit: .width), graphics: .symbols)
        try loop.draw()
        // 760 × 2280 pixels: 114 rows, bands of 38; screens of 24 rows at 0, 24, 48, 72, 90.
        XCTAssertEqual(shown(loop), "page1.png 76x114 0+24")
        var seen: [String] = []
        for _ in 0..<5 {
            seen.append([0, 13, 23].map { colour(loop, row: $0) }.joined(separator: " "))
            device.type(" ")
            _ = try loop.step()
            try loop.draw()
        }
        XCTAssertEqual(seen, ["red red red", "red red green", "green green green", "green blue blue", "blue blue blue"],
                       "rows 0–23, 24–47 (green from 38), 48–71, 72–95 (blue from 76), 90–113")
        XCTAssertEqual(shown(loop), "page2.png 76x57 0+24")
        XCTAssertEqual(colour(loop, row: 12), "yellow")
    }
}
