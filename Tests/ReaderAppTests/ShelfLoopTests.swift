import Foundation
import ReaderCore
import ReaderState
import Storage
import Terminal
import TestSupport
import TextLayout
import XCTest
@testable import ReaderApp

/// The bookshelf headless on a real library folder and real books: open a book, read,
/// `q` back to the shelf with the progress recorded; missing files; `d` removes from the
/// file and never touches the book.
final class ShelfLoopTests: XCTestCase {
    var folder: URL!
    var directories: XDGDirectories!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-shelf-\(UUID().uuidString)")
        directories = XDGDirectories(state: folder.appendingPathComponent("state").path, cache: folder.appendingPathComponent("cache").path)
        try GeneratedBooks.writeLibrary(in: folder.appendingPathComponent("books"), count: 6)
        _ = try LibraryAdder(store: library).add(LibraryScan.scan([folder.appendingPathComponent("books").path]))
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    var library: LibraryStore { LibraryStore(stateFolder: directories.state) }

    /// A shelf whose Enter runs the real reader on the same terminal (as `reader` does).
    func shelf(_ device: MemoryTerminal, opened: @escaping (LibraryEntry) -> Void = { _ in }) -> ShelfLoop {
        let store = FilePositionStore(StateStore(folder: directories.state))
        let clock = ManualClock()
        return ShelfLoop(store: library, device: device) { [directories, library] entry in
            opened(entry)
            do {
                let session = try BookSession.open(entry.path, directories: directories!, store: store)
                session.library = library
                let model = session.makeModel(columns: device.size().columns, rows: device.size().rows, layout: LayoutOptions(),
                                              reveal: RevealSettings(), start: nil)
                try ReaderLoop(model: model, session: session, device: device, clock: clock).run()
                return nil
            } catch {
                return "\(error)"
            }
        }
    }

    func rows(_ shelf: ShelfLoop) -> [String] { (0..<shelf.frame.height).map { shelf.frame.rowText($0) } }

    func testOpenReadAndQuitReturnsToTheShelfWithTheProgress() throws {
        let device = MemoryTerminal(size: TerminalSize(columns: 100, rows: 12))
        var opened: [String] = []
        let shelf = shelf(device) { opened.append($0.title) }
        // Sorted by title: Book 0 … Book 5. Select Book 1, open, page down twice, q (reader), then j on the shelf.
        device.type("s")
        device.type("j")
        device.send(.key(KeyEvent(.enter)))
        device.type("  q")
        device.type("j")
        while try shelf.step() {}
        XCTAssertEqual(opened, ["Book 1"])
        XCTAssertEqual(shelf.model.selectedEntry?.title, "Book 2", "the shelf took keys again after the book")
        let book = try XCTUnwrap(library.load().library.entries.first { $0.title == "Book 1" })
        XCTAssertNotNil(book.lastOpened)
        XCTAssertGreaterThan(book.progress, 0)
        XCTAssertNotNil(book.textBytes)
        XCTAssertEqual(shelf.model.entries.first { $0.title == "Book 1" }?.progress, book.progress, "reloaded after the book")
        try shelf.draw()
        XCTAssertTrue(rows(shelf).contains { $0.contains("Book 1") && $0.contains("today") }, rows(shelf).joined(separator: "\n"))
        // Reopening from the shelf starts at the saved place (BookState), as `reader BOOK` does.
        let state = StateStore(folder: directories.state).load(key: book.key)
        if case .found(let s) = state { XCTAssertGreaterThan(s.position.offset, 0) } else { XCTFail("no state saved") }
    }

    func testAMissingFileIsMarkedAndEnterSaysSo() throws {
        let gone = try XCTUnwrap(library.load().library.entries.first { $0.title == "Book 0" })
        try FileManager.default.removeItem(atPath: gone.path)
        let device = MemoryTerminal(size: TerminalSize(columns: 100, rows: 12))
        var opened = 0
        let shelf = shelf(device) { _ in opened += 1 }
        device.type("s")   // by title: Book 0 first
        device.send(.key(KeyEvent(.enter)))
        while try shelf.step() {}
        XCTAssertEqual(opened, 0)
        try shelf.draw()
        let screen = rows(shelf)
        XCTAssertTrue(screen.contains { $0.contains("Book 0") && $0.contains("missing") }, screen.joined(separator: "\n"))
        XCTAssertTrue(screen.last?.contains("Missing:") == true, screen.last ?? "")
    }

    func testDRemovesFromTheLibraryFileButNotTheBook() throws {
        let device = MemoryTerminal(size: TerminalSize(columns: 100, rows: 12))
        let shelf = shelf(device)
        device.type("sd")
        while try shelf.step() {}
        let entries = library.load().library.entries
        XCTAssertEqual(entries.count, 5)
        XCTAssertFalse(entries.contains { $0.title == "Book 0" })
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("books/shelf-0/book-0.epub").path))
    }

    func testTitlesCannotPutControlSequencesOnTheTerminal() throws {
        try library.update { $0.add(LibraryEntry(key: "evil", path: "/nowhere", title: "Evil\u{1B}]0;pwned\u{7}\u{1B}[2J", format: "txt",
                                                  fileSize: 1, added: 0)) }
        let device = MemoryTerminal(size: TerminalSize(columns: 100, rows: 12))
        let shelf = shelf(device)
        device.type("s")
        while try shelf.step() {}
        let written = String(decoding: device.written, as: UTF8.self)
        XCTAssertFalse(written.contains("]0;pwned"))
        XCTAssertFalse(written.contains("\u{7}"))
    }
}
