import Foundation
import ReaderCore
import ReaderState
import Storage
import Terminal
import TextContent
import TerminalGraphics
import TextLayout
import XCTest
@testable import BookFormats
@testable import ReaderApp

/// A big book opened from one place (issue #20), headless: the first part shown at once,
/// the whole book's parse held back by a gate so that keys arrive while it "runs", then
/// taken over by the loop at the same place.
final class PartialSessionTests: XCTestCase {
    var folder: URL!
    var directories: XDGDirectories!

    static func fixture(_ name: String) -> String {
        ReaderLoopTests.fixtures.appendingPathComponent("epub/\(name)").path
    }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-partial-\(UUID().uuidString)")
        directories = XDGDirectories(state: folder.appendingPathComponent("state").path, cache: folder.appendingPathComponent("cache").path)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    var store: FilePositionStore { FilePositionStore(StateStore(folder: directories.state)) }

    var partialOptions: BookOpenOptions {
        var options = BookOpenOptions()
        options.opensPartially = true
        options.partialMinimumBytes = 0
        return options
    }

    /// The loop on a partial session of `name`; the whole book's parse waits for `gate`.
    func openPartial(_ name: String = "many-chapters.epub", columns: Int = 80, rows: Int = 24) throws
        -> (ReaderLoopTests.Harness, gate: DispatchSemaphore) {
        let path = Self.fixture(name)
        let key = try XCTUnwrap(ContentHash.ofFile(path))
        let (book, start) = try XCTUnwrap(BookSession.openPartially(path, saved: store.load(key: key), options: partialOptions))
        let gate = DispatchSemaphore(value: 0)
        let session = BookSession(path: path, content: book.content, key: key, contentKey: key, parsedNow: true, store: store,
                                  directories: directories, options: partialOptions, partial: (book, start),
                                  wholeParse: { gate.wait(); return try book.readWhole() })
        return (harness(session, columns: columns, rows: rows), gate)
    }

    func harness(_ session: BookSession, columns: Int = 80, rows: Int = 24, start: ByteOffset? = nil) -> ReaderLoopTests.Harness {
        let clock = ManualClock()
        let device = MemoryTerminal(size: TerminalSize(columns: columns, rows: rows), clock: clock)
        let model = session.makeModel(columns: columns, rows: rows, layout: LayoutOptions(), start: start)
        return ReaderLoopTests.Harness(loop: ReaderLoop(model: model, session: session, device: device, clock: clock),
                                       device: device, clock: clock)
    }

    /// Lets the whole book arrive and the loop take it over (one turn).
    func arrive(_ h: ReaderLoopTests.Harness, _ gate: DispatchSemaphore) throws {
        gate.signal()
        h.loop.session.completion?.wait()
        h.device.script.append(.pause(0.01))
        try h.play()
        XCTAssertFalse(h.loop.session.isPartial, "the loop moved to the whole book")
    }

    func testABigBookOpensPartiallyAtItsStartWithLoadingInPlaceOfTheFigures() throws {
        let session = try BookSession.open(Self.fixture("many-chapters.epub"), options: partialOptions, directories: directories,
                                           store: store)
        XCTAssertTrue(session.isPartial)
        XCTAssertEqual(session.partial?.documents.lowerBound, 0)
        let h = harness(session)
        try h.loop.draw()
        XCTAssertTrue(h.rows.contains { $0.contains("Chapter 1") }, h.rows.joined(separator: "\n"))
        XCTAssertTrue(h.status.contains("loading…"), h.status)
        XCTAssertFalse(h.status.contains("%"), "no percentage before the whole book is known: \(h.status)")
        h.device.type(" ")
        try h.play()
        XCTAssertGreaterThan(h.model.position.rawValue, 0, "moving through the part there is does not wait")
        session.completion?.wait()
        var whole = partialOptions
        whole.opensPartially = false
        XCTAssertFalse(try BookSession.open(Self.fixture("many-chapters.epub"), options: whole, directories: directories,
                                            store: store).isPartial)
    }

    func testScrollingInsideATallFixedLayoutPageDoesNotWaitForTheWholeBook() throws {
        let path = Self.fixture("fxl-tall-bands.epub")
        let key = try XCTUnwrap(ContentHash.ofFile(path))
        let (book, start) = try XCTUnwrap(BookSession.openPartially(path, saved: store.load(key: key), options: partialOptions))
        XCTAssertEqual(book.documents, 0..<16, "not the whole book: moving past the part would wait")
        let gate = DispatchSemaphore(value: 0)
        defer { gate.signal() }
        let session = BookSession(path: path, content: book.content, key: key, contentKey: key, parsedNow: true, store: store,
                                  directories: directories, options: partialOptions, partial: (book, start),
                                  wholeParse: { gate.wait(); return try book.readWhole() })
        let clock = ManualClock()
        let device = MemoryTerminal(size: TerminalSize(columns: 80, rows: 24), clock: clock)
        let model = session.makeModel(columns: 80, rows: 24, layout: LayoutOptions(), display: ReadingSettings(pictureFit: .width))
        let loop = ReaderLoop(model: model, session: session, device: device, clock: clock)
        PictureSetup.attach(to: loop, graphics: .kitty, cell: CellSize(width: 10, height: 20), environment: [:])
        let h = ReaderLoopTests.Harness(loop: loop, device: device, clock: clock)
        try h.loop.draw()
        XCTAssertEqual(h.model.snapshot.pictures.first?.rows, 114, "the tall page fitted to the width")
        h.device.type(" j")
        try h.play()
        XCTAssertEqual(h.model.place.pictureRowSkip, 24, "a screen and a row down inside the page, at once")
        XCTAssertFalse(h.status.contains("Loading the rest"), h.status)
        XCTAssertTrue(h.loop.session.isPartial)
    }

    /// The store sets a damaged state file aside when it reads it: the partial open reads
    /// it once and the session still reports it (partially opened or, for a small book, not).
    func testADamagedStateIsReportedWhenThePartialOpenReadIt() throws {
        for (name, partially) in [("many-chapters.epub", true), ("epub3-features.epub", false)] {
            let path = Self.fixture(name)
            let key = try XCTUnwrap(ContentHash.ofFile(path))
            let books = URL(fileURLWithPath: directories.state).appendingPathComponent("books")
            try FileManager.default.createDirectory(at: books, withIntermediateDirectories: true)
            let file = books.appendingPathComponent("\(key).json")
            try Data("{ not json".utf8).write(to: file)
            var options = partialOptions
            if !partially { options.partialMinimumBytes = 1 << 30 }
            let session = try BookSession.open(path, options: options, directories: directories, store: store)
            XCTAssertEqual(session.isPartial, partially, name)
            XCTAssertFalse(FileManager.default.fileExists(atPath: file.path), "set aside: \(name)")
            XCTAssertNotNil(session.stateWarning, "and reported: \(name)")
            XCTAssertEqual(session.savedPosition, .zero)
            session.completion?.wait()
        }
    }

    func testAKeyThatNeedsTheWholeBookWaitsForItThenIsCarriedOut() throws {
        let (h, gate) = try openPartial()
        try h.loop.draw()
        h.device.type("G")
        try h.play()
        XCTAssertEqual(h.model.position, .zero, "G waits")
        XCTAssertTrue(h.status.contains("Loading the rest of the book"), h.status)
        try arrive(h, gate)
        XCTAssertTrue(h.status.contains("100.0%"), "G was carried out in the whole book: \(h.status)")
        XCTAssertTrue(h.rows.contains { $0.contains("Note 40") }, "the end of the book is on screen")
    }

    func testTheLoopLooksForTheWholeBookOftenEvenWithASaveDue() throws {
        let (h, gate) = try openPartial()
        try h.loop.draw()
        h.device.type("j")  // moves: a save is due in 2 s
        h.device.script.append(.pause(0.001))
        try h.play()
        XCTAssertNotNil(h.loop.saver.deadline)
        XCTAssertEqual(h.device.timeoutsAsked.last ?? nil, ReaderLoop.partialPollMilliseconds,
                       "the wait ends in time to take the whole book over, not at the save")
        try arrive(h, gate)
    }

    func testEscapeDropsTheWaitingKeys() throws {
        let (h, gate) = try openPartial()
        try h.loop.draw()
        h.device.send(.key(KeyEvent(.escape)))
        try h.play()
        XCTAssertTrue(h.loop.waitingInputs.isEmpty, "Esc with nothing waiting does not wait itself")
        XCTAssertFalse(h.status.contains("Loading the rest"), h.status)
        h.device.type("G")
        h.device.send(.key(KeyEvent(.escape)))
        try h.play()
        XCTAssertTrue(h.status.contains("Cancelled"), h.status)
        try arrive(h, gate)
        XCTAssertEqual(h.model.position, .zero)
        XCTAssertTrue(h.status.contains("0.0%"), h.status)
    }

    func testMovingPastThePartWaitsInsteadOfStoppingAtItsEnd() throws {
        let (h, gate) = try openPartial()
        let part = h.loop.session.content
        try h.loop.draw()
        h.device.type(String(repeating: " ", count: 60))  // more pages than the part has
        try h.play()
        XCTAssertLessThan(h.model.position.rawValue, part.bytes.count)
        XCTAssertTrue(h.status.contains("Loading the rest of the book"), "the page down at the part's end waits: \(h.status)")
        XCTAssertFalse(h.loop.waitingInputs.isEmpty)
        let lastDocument = try XCTUnwrap(part.chapters.last?.source)
        try arrive(h, gate)
        let whole = h.loop.session.content
        let partEnd = try XCTUnwrap(whole.offset(of: DocumentPlace(source: lastDocument, offset: 0)))
        XCTAssertGreaterThan(h.model.position, partEnd, "the waiting page downs went on in the whole book")
    }

    func testQuittingWhileLoadingSavesTheDocumentPlaceAndWritesNoContentCache() throws {
        let (h, gate) = try openPartial()
        h.loop.session.library = LibraryStore(stateFolder: directories.state)
        h.device.type("jjjjq")
        try h.loop.run()
        let entry = try XCTUnwrap(LibraryStore(stateFolder: directories.state).load().library.entry(key: h.loop.session.key),
                                  "the book is on the shelf")
        XCTAssertEqual(entry.progress, 0, "a part's progress is not the book's: the one known (none) is kept")
        XCTAssertNil(entry.textBytes)
        let top = h.topText
        let state = try XCTUnwrap({ if case .found(let s) = store.load(key: h.loop.session.key) { return s }; return nil }())
        XCTAssertEqual(state.position.document, "ch01.xhtml")
        XCTAssertEqual(state.position.documentOffset, h.loop.session.content.documentPlace(of: h.model.position)?.offset)
        XCTAssertGreaterThan(state.position.documentOffset ?? 0, 0)
        let content = URL(fileURLWithPath: directories.cache).appendingPathComponent("content")
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: content.path))?.filter { $0.hasSuffix(".rtc") } ?? [], [],
                       "no partial book in the content cache")
        gate.signal()

        let again = try BookSession.open(Self.fixture("many-chapters.epub"), options: partialOptions, directories: directories,
                                         store: store)
        XCTAssertTrue(again.isPartial)
        let h2 = harness(again)
        try h2.loop.draw()
        XCTAssertEqual(h2.topText, top, "reopened at the same line")
        again.completion?.wait()
    }

    func testTheWholeBookTakesOverAtTheSamePlaceWithTheSameFiguresContentsAndSearch() throws {
        // Read to chapter 25 in a whole session, quit, reopen partially there.
        let wholeSession = try BookSession.open(Self.fixture("many-chapters.epub"), directories: directories, store: store)
        let chapter = try XCTUnwrap(wholeSession.content.chapters.firstIndex { $0.title == "Chapter 25" })
        let full = harness(wholeSession, start: wholeSession.content.chapters[chapter].range.lowerBound)
        full.device.type("jjj")
        try full.loop.run()
        try full.loop.draw()

        let (h, gate) = try openPartial()
        XCTAssertEqual(h.loop.session.partial?.documents.lowerBound, 23, "chapter 25's document (spine 24) and, the place being near its start, the one before")
        try h.loop.draw()
        XCTAssertEqual(h.topText, full.topText)
        try arrive(h, gate)
        XCTAssertEqual(h.model.position, full.model.position)
        XCTAssertEqual(h.status, full.status, "the same chapter counter and percentage")
        XCTAssertEqual(h.loop.session.content.toc, wholeSession.content.toc)
        XCTAssertEqual(h.loop.session.content.chapters, wholeSession.content.chapters)
        h.device.type("/Note 7")
        h.device.send(.key(KeyEvent(.enter)))
        try h.play()
        XCTAssertTrue(h.rows.contains { $0.contains("Note 7:") }, "search reaches the endnotes, which the part did not hold")
        XCTAssertTrue(h.loop.session.content.string(in: h.loop.session.content.fullRange).contains("Note 7:"))
    }

    func testABigTextOpensFromItsStartAndTheWholeTextTakesOverAtTheSameLine() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("watch.txt").path
        let paragraphs = (1...600).map { "Paragraph \($0): the keeper climbed the stair and counted the ships beyond the reef." }
        try Data(("THE LONG WATCH\n\n" + paragraphs.joined(separator: "\n\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let session = try BookSession.open(path, options: partialOptions, directories: directories, store: store)
        XCTAssertTrue(session.isPartial)
        XCTAssertLessThan(session.content.bytes.count, 30_000)
        let h = harness(session)
        h.device.type("   ")
        try h.play()
        let top = h.topText
        let position = h.model.position
        XCTAssertGreaterThan(position.rawValue, 0)
        session.completion?.wait()
        h.device.script.append(.pause(0.01))
        try h.play()
        XCTAssertFalse(h.loop.session.isPartial)
        XCTAssertEqual(h.model.position, position, "a TXT's start has the whole text's offsets")
        XCTAssertEqual(h.topText, top)
        XCTAssertGreaterThan(h.loop.session.content.bytes.count, 40_000)
    }

    func testLaterChaptersThatFailToParseAreToldAndReadingGoesOn() throws {
        let (h, gate) = try openPartial("many-chapters-missing.epub")
        try h.loop.draw()
        try arrive(h, gate)
        XCTAssertEqual(h.loop.lateWarnings.count, 2)
        XCTAssertTrue(h.loop.lateWarnings[0].contains("ch31.xhtml"), h.loop.lateWarnings[0])
        XCTAssertTrue(h.status.contains("ch31.xhtml"), h.status)
        h.device.type("G")
        try h.play()
        XCTAssertTrue(h.status.contains("100.0%"), h.status)
    }

    func testAWholeBookFailureKeepsThePartAndSaysSo() throws {
        let path = Self.fixture("many-chapters.epub")
        let key = try XCTUnwrap(ContentHash.ofFile(path))
        let (book, start) = try XCTUnwrap(BookSession.openPartially(path, saved: store.load(key: key), options: partialOptions))
        let session = BookSession(path: path, content: book.content, key: key, contentKey: key, parsedNow: true, store: store,
                                  directories: directories, options: partialOptions, partial: (book, start),
                                  wholeParse: { throw BookError.unreadable(path: path, reason: "gone") })
        let h = harness(session)
        try h.loop.draw()
        session.completion?.wait()
        h.device.script.append(.pause(0.01))
        try h.play()
        XCTAssertTrue(h.loop.session.isPartial)
        XCTAssertTrue(h.status.contains("Could not read the rest of the book"), h.status)
        h.device.type("G")
        try h.play()
        XCTAssertTrue(h.status.contains("Only part of the book could be read"), h.status)
        h.device.type("j")
        try h.play()
        XCTAssertGreaterThan(h.model.position.rawValue, 0, "reading the part goes on")
    }
}
