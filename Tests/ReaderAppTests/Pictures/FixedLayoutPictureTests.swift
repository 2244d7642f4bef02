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
    func testTheMangaReadsPageByPageRightToLeft() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fxl-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let directories = XDGDirectories(state: folder.appendingPathComponent("state"), cache: folder.appendingPathComponent("cache"))
        let path = ReaderLoopTests.fixtures.appendingPathComponent("epub/fxl-manga-rtl.epub").path
        let session = try BookSession.open(path, directories: directories, store: FilePositionStore(StateStore(folder: directories.state)))
        XCTAssertTrue(session.content.metadata.fixedLayout)
        let clock = ManualClock()
        let device = MemoryTerminal(size: TerminalSize(columns: 80, rows: 25), clock: clock)
        let loop = ReaderLoop(model: session.makeModel(columns: 80, rows: 25, layout: LayoutOptions()), session: session,
                              device: device, clock: clock)
        PictureSetup.attach(to: loop, graphics: .kitty, cell: CellSize(width: 10, height: 20), environment: [:])
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
}
