import Foundation
import ReaderCore
import ReaderState
import Screen
import Storage
import Terminal
import TerminalGraphics
import TestSupport
import XCTest
@testable import ReaderApp

/// The bookshelf's cover panel (issue #19): a library of the two cover fixtures, a book
/// without a cover and a missing file, in a temporary state folder; the shelf on an
/// in-memory terminal, its covers found and decoded in the background.
final class ShelfCoverTests: XCTestCase {
    var folder: URL!
    var library: LibraryStore!
    let cell = CellSize(width: 8, height: 16)

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-covers-\(UUID().uuidString)")
        let books = folder.appendingPathComponent("books")
        try FileManager.default.createDirectory(at: books, withIntermediateDirectories: true)
        for name in ["cover-epub3.epub", "cover-epub2.epub"] {   // "Covered" (PNG 6×9), "Covered Two" (PNG 4×2)
            try FileManager.default.copyItem(at: ReaderLoopTests.fixtures.appendingPathComponent("epub/\(name)"),
                                             to: books.appendingPathComponent(name))
        }
        try GeneratedBooks.writeEPUB(books.appendingPathComponent("plain.epub").path, title: "Plain", author: "Nobody")
        library = LibraryStore(stateFolder: folder.appendingPathComponent("state").path)
        _ = try LibraryAdder(store: library).add(LibraryScan.scan([books.path]))
        try library.update { $0.add(LibraryEntry(key: "gone", path: books.appendingPathComponent("zz-gone.epub").path,
                                                 title: "Zed, gone", format: "epub", fileSize: 10, added: 0)) }
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A shelf sorted by title (Covered, Covered Two, Plain, Zed) with a panel drawing `graphics`.
    func shelf(_ graphics: GraphicsProtocol?, columns: Int = 120, rows: Int = 30,
               openBook: @escaping (LibraryEntry) -> String? = { _ in nil }) -> (ShelfLoop, MemoryTerminal) {
        let device = MemoryTerminal(size: TerminalSize(columns: columns, rows: rows))
        let shelf = ShelfLoop(store: library, device: device, openBook: openBook)
        _ = shelf.model.handle(.character("s"))
        if let graphics { shelf.coverPanel = ShelfCoverPanel(graphics: graphics, cell: cell) }
        return (shelf, device)
    }

    /// Draws until the cover is there (or none is coming), at most 5 s.
    func settle(_ shelf: ShelfLoop) throws {
        try shelf.draw()
        let deadline = Date().addingTimeInterval(5)
        while shelf.coverPending && Date() < deadline {
            usleep(2000)
            try shelf.draw()
        }
        XCTAssertFalse(shelf.coverPending)
    }

    func written(_ device: MemoryTerminal, from start: Int = 0) -> String {
        String(decoding: device.written[start...], as: UTF8.self)
    }

    func testKittyDrawsTheSelectedCoverInThePanelAndMovingTheSelectionChangesOrRemovesIt() throws {
        let (shelf, device) = shelf(.kitty)
        XCTAssertEqual(shelf.model.selectedEntry?.title, "Covered")
        let box = try XCTUnwrap(shelf.model.coverBox)
        XCTAssertEqual(box, ShelfModel.CoverBox(row: 2, column: 81, columns: 38, rows: 27))
        try settle(shelf)
        var out = written(device)
        // 6×9 pixels enlarged into 38×27 cells of 8×16: 27 rows tall, 36·8/… → 36 columns, centred.
        XCTAssertTrue(out.contains("\u{1B}_Ga=t,f=32"), "the cover is sent")
        XCTAssertTrue(out.contains("\u{1B}7\u{1B}[3;83H\u{1B}_Ga=p,i=100,p=1,c=36,r=27,C=1"), out.debugDescription.suffix(300).description)
        // The list keeps out of the panel: nothing drawn right of it.
        for row in 2..<29 { XCTAssertEqual(shelf.frame.rowText(row, trimmed: true).count <= 80, true, shelf.frame.rowText(row)) }
        XCTAssertTrue(shelf.frame.rowText(2).contains("Covered"))

        var mark = device.written.count
        _ = shelf.model.handle(.character("j"))   // Covered Two: another cover
        try settle(shelf)
        out = written(device, from: mark)
        XCTAssertTrue(out.contains("\u{1B}_Ga=d,d=i,i=100,p=1"), "the first cover's placement is removed")
        XCTAssertTrue(out.contains("a=p,i=101,p=1"), out.debugDescription)

        mark = device.written.count
        _ = shelf.model.handle(.character("j"))   // Plain: no cover
        try settle(shelf)
        out = written(device, from: mark)
        XCTAssertTrue(out.contains("\u{1B}_Ga=d,d=i,i=101,p=1"))
        XCTAssertFalse(out.contains("a=p"))
        XCTAssertFalse(out.contains("a=t"))

        mark = device.written.count
        _ = shelf.model.handle(.character("j"))   // the missing file: nothing, and no message
        try settle(shelf)
        XCTAssertFalse(written(device, from: mark).contains("\u{1B}_G"))
        XCTAssertNil(shelf.model.message)

        // Back to the first: known, decoded and in the terminal: placed at once, nothing looked up or sent again.
        let lookups = shelf.coverPanel!.covers.lookupsDone
        mark = device.written.count
        _ = shelf.model.handle(.character("g"))
        try shelf.draw()
        XCTAssertFalse(shelf.coverPending)
        out = written(device, from: mark)
        XCTAssertTrue(out.contains("a=p,i=100,p=1,c=36,r=27"))
        XCTAssertFalse(out.contains("a=t"))
        XCTAssertEqual(shelf.coverPanel!.covers.lookupsDone, lookups)
    }

    func testSymbolsPaintTheCoverIntoThePanelCells() throws {
        let (shelf, _) = shelf(.symbols)
        try settle(shelf)
        let painted = (2..<29).flatMap { row in (81..<119).map { shelf.frame[row, $0] } }.filter {
            if case .rgb = $0.style.background { return true }
            if case .rgb = $0.style.foreground { return true }
            return false
        }
        XCTAssertGreaterThan(painted.count, 27 * 30, "the cover's cells are painted")
        _ = shelf.model.handle(.character("j"))
        _ = shelf.model.handle(.character("j"))   // Plain: no cover
        try settle(shelf)
        let left = (2..<29).flatMap { row in (81..<119).map { shelf.frame[row, $0] } }.filter {
            if case .rgb = $0.style.background { return true }
            return false
        }
        XCTAssertEqual(left.count, 0, "no cover, blank panel")
    }

    func testSixelRepaintsWhenTheSelectionLeavesACover() throws {
        let (shelf, device) = shelf(.sixel)
        try settle(shelf)
        XCTAssertTrue(written(device).contains("\u{1B}7\u{1B}[3;83H\u{1B}P"), "the cover's sixel at the panel's top")
        let mark = device.written.count
        _ = shelf.model.handle(.character("j"))
        try settle(shelf)
        let out = written(device, from: mark)
        XCTAssertTrue(out.contains("\u{1B}[2J"), "repainted: the old pixels erased")
        XCTAssertTrue(out.contains("\u{1B}P"), "the next cover drawn")
    }

    func testANarrowWindowHasNoPanel() throws {
        let (shelf, device) = shelf(.kitty, columns: 99)
        XCTAssertNil(shelf.model.coverBox)
        try settle(shelf)
        XCTAssertFalse(written(device).contains("\u{1B}_G"))
        let (plain, _) = self.shelf(nil, columns: 99)
        try plain.draw()
        XCTAssertEqual((0..<30).map { shelf.frame.rowText($0) }, (0..<30).map { plain.frame.rowText($0) },
                       "the same list as without pictures")
        // Widening the window brings the panel.
        shelf.model.resize(columns: 120, rows: 30)
        device.terminalSize = TerminalSize(columns: 120, rows: 30)
        try settle(shelf)
        XCTAssertTrue(written(device).contains("a=p,i=100"))
    }

    func testImagesOffAndNoColoursMakeNoPanel() throws {
        XCTAssertNil(ShelfCoverPanel.make(choice: .off, answer: [], environment: [:], colors: true, cell: cell))
        XCTAssertNil(ShelfCoverPanel.make(choice: nil, answer: [], environment: [:], colors: false, cell: cell),
                     "symbols need colours (NO_COLOR)")
        XCTAssertEqual(ShelfCoverPanel.make(choice: .kitty, answer: [], environment: [:], colors: true, cell: cell)?.drawer.graphics, .kitty)
        XCTAssertEqual(ShelfCoverPanel.make(choice: nil, answer: [], environment: [:], colors: true, cell: cell)?.drawer.graphics, .symbols)
        let (shelf, device) = shelf(nil)
        try shelf.draw()
        XCTAssertFalse(shelf.coverPending)
        XCTAssertNil(shelf.model.coverBox)
        XCTAssertFalse(written(device).contains("\u{1B}_G"))
    }

    func testLeavingTheShelfDeletesTheCover() throws {
        let deleteAll = "\u{1B}_Ga=d,d=A,q=2\u{1B}\\"
        var atOpen = ""
        var device: MemoryTerminal!
        let (shelf, d) = shelf(.kitty) { _ in atOpen = String(decoding: device.written, as: UTF8.self); return nil }
        device = d
        try settle(shelf)
        // Opening a book takes the cover away first; back on the shelf it is sent and placed again.
        device.send(.key(KeyEvent(.enter)))
        XCTAssertTrue(try shelf.step())
        XCTAssertTrue(atOpen.hasSuffix(deleteAll), atOpen.debugDescription.suffix(200).description)
        let mark = device.written.count
        try settle(shelf)
        XCTAssertTrue(written(device, from: mark).contains("a=t"), "sent again: the delete-all took it from the terminal")
        XCTAssertTrue(written(device, from: mark).contains("a=p,i="))
        // Quitting.
        device.type("q")
        try shelf.run()
        XCTAssertTrue(written(device).hasSuffix(deleteAll))
    }

    /// `ShelfCovers` alone: an EPUB 2 cover is found and its bytes read; an FB2 whose
    /// `<coverpage>` is no image, a book without a cover, a file that is no book and the
    /// sample have none; the answer is cached per file.
    func testCoversOfOtherFormatsAndUnreadableFiles() throws {
        let covers = ShelfCovers()
        func settled(_ path: String) -> ShelfCovers.Lookup {
            let entry = LibraryEntry(key: path, path: path, title: "t", format: "epub", fileSize: 1, added: 0)
            let deadline = Date().addingTimeInterval(5)
            var lookup = covers.lookup(entry)
            while lookup == .pending && Date() < deadline { usleep(1000); lookup = covers.lookup(entry) }
            return lookup
        }
        guard case .found(let id, let width, let height) = settled(folder.appendingPathComponent("books/cover-epub2.epub").path)
        else { return XCTFail("the EPUB 2 cover") }
        XCTAssertEqual([width, height], [4, 2])
        XCTAssertEqual(Array(try covers.bytes(of: id).prefix(4)), [0x89, 0x50, 0x4E, 0x47], "the PNG's bytes")
        XCTAssertEqual(settled(ReaderLoopTests.fixtures.appendingPathComponent("fb2/elements.fb2").path), .none,
                       "its cover is not an image the reader knows")
        let garbage = folder.appendingPathComponent("garbage.epub")
        try Data(repeating: 0x41, count: 300).write(to: garbage)
        XCTAssertEqual(settled(garbage.path), .none)
        XCTAssertEqual(settled(folder.appendingPathComponent("books/plain.epub").path), .none)
        XCTAssertEqual(settled(""), .none, "the sample")
        let done = covers.lookupsDone
        XCTAssertEqual(settled(garbage.path), .none)
        XCTAssertEqual(covers.lookupsDone, done, "cached")
    }
}

