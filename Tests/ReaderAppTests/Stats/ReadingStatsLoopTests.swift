import Foundation
import ReaderCore
import ReaderState
import Storage
import Terminal
import TextLayout
import XCTest
@testable import ReaderApp

/// The statistics through the real loop: a generated book opened with `BookSession`, a
/// `MemoryTerminal` and a `ManualClock`; the status line's time left, what is saved with
/// the position, and what the contents list hides.
final class ReadingStatsLoopTests: XCTestCase {
    var folder: URL!
    var directories: XDGDirectories!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-stats-loop-\(UUID().uuidString)")
        directories = XDGDirectories(state: folder.appendingPathComponent("state").path, cache: folder.appendingPathComponent("cache").path)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func open(settings: ReaderLoopSettings) throws -> (ReaderLoop, MemoryTerminal) {
        let path = try StatsBooks.load(["latin", "latin", "latin"], paragraphs: 30, in: folder).path
        let session = try BookSession.open(path, directories: directories, store: FilePositionStore(StateStore(folder: directories.state)))
        session.stats = ReadingStatsStore(stateFolder: directories.state)
        let clock = ManualClock()
        let device = MemoryTerminal(size: TerminalSize(columns: 100, rows: 30), clock: clock)
        let model = session.makeModel(columns: 100, rows: 30, layout: LayoutOptions(), reveal: RevealSettings(), start: nil)
        return (ReaderLoop(model: model, session: session, device: device, clock: clock, settings: settings), device)
    }

    private func status(_ loop: ReaderLoop) -> String { loop.frame.rowText(loop.frame.height - 1) }

    func testTimeLeftOnTheStatusLineAndTotalsSavedWithThePosition() throws {
        var settings = ReaderLoopSettings()
        settings.wallClock = { 1_780_000_000 }   // a fixed day
        let (loop, device) = try open(settings: settings)
        try loop.draw()
        XCTAssertFalse(status(loop).contains("min left"), "the first frame does not wait for the estimate")
        XCTAssertEqual(loop.timeout(now: 0), 0, "but the loop does not wait for input before it")
        try loop.draw()
        XCTAssertTrue(status(loop).contains("min left in chapter"), status(loop))
        XCTAssertFalse(status(loop).contains("left in book"), "not a default field")
        let before = status(loop)
        for _ in 0..<5 {
            device.script.append(.pause(40))
            device.type(" ")
        }
        device.script.append(.pause(30))
        device.type("t")                      // the contents hide the text: 200 s not counted
        device.script.append(.pause(200))
        device.send(.key(KeyEvent(.escape)))
        device.script.append(.pause(20))
        device.type(" ")
        device.script.append(.pause(300))     // idle: not counted
        device.type(" ")
        device.type("q")
        try loop.run()
        XCTAssertNotEqual(status(loop), before, "the time left went down")
        XCTAssertEqual(loop.stats.counted.map(\.seconds), [40, 40, 40, 40, 40, 20])
        let book = try XCTUnwrap(ReadingStatsStore(stateFolder: directories.state).load(key: loop.session.key))
        XCTAssertEqual(book.seconds, 220)
        XCTAssertEqual(book.days, [ReadingStatsRecorder.localDay(1_780_000_000): 220])
        XCTAssertGreaterThan(book.characters["alphabetic"] ?? 0, 5000)
        XCTAssertEqual(book.lastRead, 1_780_000_000)
        XCTAssertFalse(ReadingStatsStore(stateFolder: directories.state).speeds().isEmpty, "the speed samples were saved")
    }

    func testStatusFieldsChooseWhatShows() throws {
        var settings = ReaderLoopSettings()
        settings.statusFields = StatusFields(parsing: "percent,time-left-book")!
        let (loop, _) = try open(settings: settings)
        try loop.draw()
        try loop.draw()
        let line = status(loop)
        XCTAssertTrue(line.contains("left in book"), line)
        XCTAssertFalse(line.contains("left in chapter"), line)
        XCTAssertFalse(line.contains("1/3"), "no chapter counter: \(line)")
        XCTAssertFalse(line.contains("Chapter 1"), "no title: \(line)")
        XCTAssertTrue(line.contains("0.0%"), line)
        XCTAssertNil(StatusFields(parsing: "percent,clock"))
        XCTAssertEqual(StatusFields(parsing: StatusFields.standardText), .standard)
    }
}
