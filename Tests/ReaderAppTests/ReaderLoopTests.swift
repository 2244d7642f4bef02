import Foundation
import ReaderCore
import ReaderState
import Storage
import Screen
import Terminal
import TextContent
import TestSupport
import TextLayout
import XCTest
@testable import ReaderApp

/// The whole reader headless: a fixture book opened through `BookSession` (with real state
/// and cache folders in a temporary directory), the loop on an in-memory terminal, time from
/// a manual clock. The same behaviour as `TmuxSessionTests`, in milliseconds.
final class ReaderLoopTests: XCTestCase {
    var folder: URL!
    var directories: XDGDirectories!

    static var fixtures: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures")
    }
    static var sample: String { fixtures.appendingPathComponent("sample/sample.txt").path }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-loop-\(UUID().uuidString)")
        directories = XDGDirectories(state: folder.appendingPathComponent("state").path, cache: folder.appendingPathComponent("cache").path)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A reader on `path` in a `columns` × `rows` terminal.
    struct Harness {
        let loop: ReaderLoop
        let device: MemoryTerminal
        let clock: ManualClock
        var model: ReaderModel { loop.model }
        var rows: [String] { (0..<loop.frame.height).map { loop.frame.rowText($0) } }
        var status: String { loop.frame.rowText(loop.frame.height - 1) }
        var topText: String { rows.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.trimmingCharacters(in: .whitespaces) ?? "" }

        /// Feeds what is scripted so far, one event a turn, then draws the resulting state.
        func play() throws {
            while !device.script.isEmpty { _ = try loop.step() }
            try loop.draw()
        }
    }

    func open(_ path: String = ReaderLoopTests.sample, store: PositionStore? = nil, columns: Int = 100, rows: Int = 30,
              reveal: RevealSettings? = nil, start: [Jump] = [], settings: ReaderLoopSettings = ReaderLoopSettings()) throws -> Harness {
        let store = store ?? FilePositionStore(StateStore(folder: directories.state))
        let session = try BookSession.open(path, directories: directories, store: store)
        let clock = ManualClock()
        let device = MemoryTerminal(size: TerminalSize(columns: columns, rows: rows), clock: clock)
        let model = session.makeModel(columns: columns, rows: rows, layout: LayoutOptions(), reveal: reveal ?? RevealSettings(),
                                      start: try Jump.resolve(start, in: session.content))
        if reveal != nil { model.startReveal(at: clock.now()) }
        return Harness(loop: ReaderLoop(model: model, session: session, device: device, clock: clock, settings: settings),
                       device: device, clock: clock)
    }

    func testOpenPageResizeSearchContentsQuit() throws {
        let h = try open()
        try h.loop.draw()
        XCTAssertTrue(h.rows.contains { $0.contains("The Clockmaker of Harrow Lane") })
        XCTAssertTrue(h.status.contains("0.0%"), h.status)

        h.device.type("  ")
        try h.play()
        XCTAssertFalse(h.rows.contains { $0.contains("The Clockmaker of Harrow Lane") })
        XCTAssertFalse(h.status.contains(" 0.0%"), h.status)
        let top = h.topText

        h.device.send(.resize(TerminalSize(columns: 60, rows: 20)))
        try h.play()
        XCTAssertEqual(h.loop.frame.width, 60)
        XCTAssertEqual(h.loop.frame.height, 20)
        h.device.send(.resize(TerminalSize(columns: 100, rows: 30)))
        try h.play()
        XCTAssertEqual(h.topText, top, "a resize there and back keeps the text at the top")

        h.device.type("/traveller")
        h.device.send(.key(KeyEvent(.enter)))
        try h.play()
        XCTAssertTrue(h.rows.contains { $0.contains("traveller") })

        h.device.type("t")
        try h.play()
        XCTAssertTrue(h.rows.contains { $0.contains("Contents") })
        h.device.send(.key(KeyEvent(.escape)))
        try h.play()
        XCTAssertFalse(h.rows.contains { $0.contains("Contents") })

        h.device.type("q")
        XCTAssertFalse(try h.loop.step(), "q stops the loop")
        h.loop.session.finishStoring()  // the parse is written on another thread after the first frame
        let states = try FileManager.default.contentsOfDirectory(atPath: URL(fileURLWithPath: directories.state).appendingPathComponent("books").path)
        XCTAssertEqual(states.filter { $0.hasSuffix(".json") }.count, 1, "the position was saved")
        let parsed = try FileManager.default.contentsOfDirectory(atPath: URL(fileURLWithPath: directories.cache).appendingPathComponent("content").path)
        XCTAssertEqual(parsed.filter { $0.hasSuffix(".rtc") }.count, 1, "the parsed book was cached after the first frame")
    }

    func testReopensAtTheSavedPositionFromTheContentCache() throws {
        let first = try open(start: [.chapter(3)])
        try first.play()
        XCTAssertTrue(first.rows.contains { $0.contains("CHAPTER II. The Visitor") })
        first.device.type("j")
        try first.loop.run()   // j, then the input closes: saved on the way out
        let saved = first.model.position

        let again = try open()
        XCTAssertFalse(again.loop.session.parsedNow, "the second open reads the content cache")
        XCTAssertEqual(again.model.position, saved)
        try again.loop.draw()
        XCTAssertEqual(again.topText, first.topText)
    }

    func testAChangedPositionIsSavedAfterTheIntervalNotAtEachKey() throws {
        let store = MemoryPositionStore()
        let h = try open(store: store)
        try h.loop.draw()
        XCTAssertEqual(store.saveCount, 1, "the starting place is saved after the first frame")
        h.device.type("j")
        h.device.script.append(.pause(1.0))
        try h.play()
        XCTAssertEqual(store.saveCount, 1, "not yet: the interval is 2 s")
        XCTAssertEqual(h.device.timeoutsAsked.last ?? nil, 2000, "the wait ends when the save is due")
        h.device.script.append(.pause(1.5))
        try h.play()
        XCTAssertEqual(store.saveCount, 2)
        XCTAssertEqual(store.states.values.first?.position.offset, h.model.position.rawValue)
        XCTAssertNil(h.device.timeoutsAsked.last ?? nil, "nothing to wait for once saved")
    }

    func testChaptersAreAnalysedWhileIdleSoAResizeOnlyReFits() throws {
        let h = try open(start: [.chapter(2)])
        let analyses = try XCTUnwrap(h.model.layouts.analyses)
        try h.loop.draw()
        XCTAssertEqual(analyses.misses, 0, "the first frame does not wait for the analysis")
        XCTAssertTrue(h.model.hasIdleWork)
        XCTAssertEqual(try h.loop.timeout(now: h.clock.now()), 0, "with idle work the loop only polls")
        h.device.script.append(.pause(0.5))
        try h.play()
        XCTAssertFalse(h.model.hasIdleWork)
        let analysed = analyses.misses
        XCTAssertGreaterThan(analysed, 0)
        h.device.send(.resize(TerminalSize(columns: 61, rows: 30)))
        try h.play()
        XCTAssertEqual(analyses.misses, analysed, "the resize re-fitted the analysed chapters")

        // The same frame as a reader opened at that size (once its first wait put the time
        // left on the status line).
        let fresh = try open(columns: 61, rows: 30, start: [.offset(h.model.position.rawValue)])
        try fresh.loop.draw()
        try fresh.loop.draw()
        XCTAssertEqual(fresh.rows, h.rows)
    }

    func testBackReturnsToTheSameTopLineAfter200RandomJumpsAndResizes() throws {
        let h = try open()
        var rng = SplitMix64(seed: 12)
        let sizes = [TerminalSize(columns: 100, rows: 30), TerminalSize(columns: 61, rows: 20), TerminalSize(columns: 37, rows: 15)]
        let textBytes = h.model.layouts.content.bytes.count
        var returned = 0
        for _ in 0..<200 {
            try h.play()
            let origin = h.model.position
            var target = Int(rng.next() % UInt64(textBytes))
            if target == origin.rawValue { target = (target + 1) % textBytes }
            h.device.type(":offset \(target)")
            h.device.send(.key(KeyEvent(.enter)))
            if rng.next() % 2 == 0 { h.device.send(.resize(sizes[Int(rng.next() % 3)])) }
            h.device.send(.key(KeyEvent(.character("o"), modifiers: .control)))
            try h.play()
            XCTAssertEqual(h.model.position, origin)
            let top = h.model.pager.visibleLines(in: h.model.layouts).first?.line
            if let top, top.start <= origin, origin <= top.range.upperBound { returned += 1 }
        }
        XCTAssertEqual(returned, 200, "the top line holds the place jumped from, every time")
    }

    func testTheJumpListIsSavedWithTheBook() throws {
        let first = try open()
        first.device.type("G")
        try first.loop.run()
        XCTAssertEqual(first.model.jumps.entries, [.zero])
        let again = try open()
        XCTAssertEqual(again.model.jumps.entries, [.zero])
        again.device.send(.key(KeyEvent(.character("o"), modifiers: .control)))
        try again.play()
        XCTAssertEqual(again.model.position, .zero, "Ctrl-O after reopening goes back to where G came from")
    }

    func testAltArrowsAreTheirOwnInputsOtherAltKeysAreTheKey() {
        XCTAssertEqual(InputMapping.input(for: KeyEvent(.right, modifiers: .alt)), .alt(.right))
        XCTAssertEqual(InputMapping.input(for: KeyEvent(.left, modifiers: .alt)), .alt(.left))
        XCTAssertEqual(InputMapping.input(for: KeyEvent(.character("j"), modifiers: .alt)), .character("j"))
        XCTAssertEqual(InputMapping.input(for: KeyEvent(.character("o"), modifiers: .control)), .control("o"))
    }

    func testSettingsChangedInTheReaderAreDrawnAndSavedForTheBookAtOnce() throws {
        let store = MemoryPositionStore()
        let h = try open(store: store)
        try h.loop.draw()
        let darkText = h.loop.frame[0, 0].style
        h.device.type("c++")
        try h.play()
        XCTAssertEqual(store.states.values.first?.settings, ["theme": "light", "width": "88"], "saved with the book")
        XCTAssertNotEqual(h.loop.frame[0, 0].style, darkText, "drawn in the light theme")
        XCTAssertEqual(h.loop.frame[0, 0].style, ThemeName.light.theme.text)
        XCTAssertTrue(h.status.contains("Text width 88"), h.status)
        // Opened again: the changes are kept and saved again with the next ones.
        let session = try BookSession.open(Self.sample, directories: directories, store: store)
        let model = session.makeModel(columns: 100, rows: 30, layout: LayoutOptions())
        XCTAssertEqual(model.settings.changed, ["theme": "light", "width": "88"])
        model.handle(.character("-"))
        XCTAssertEqual(model.settings.changed, ["theme": "light", "width": "76"])
    }

    func testABookmarkIsSavedAtOnce() throws {
        let store = MemoryPositionStore()
        let h = try open(store: store)
        h.device.type(" m")
        try h.play()
        XCTAssertEqual(store.saveCount, 2)
        XCTAssertEqual(store.states.values.first?.bookmarks.count, 1)
        XCTAssertEqual(store.states.values.first?.bookmarks.first?.position.offset, h.model.position.rawValue)
    }

    func testTheRevealFollowsTheClockAndLeavesOutAStop() throws {
        var settings = RevealSettings()
        settings.rate = 20
        settings.pauses = false
        let h = try open(reveal: settings)
        h.device.script.append(.pause(1))
        try h.play()
        let afterOne = h.model.reveal!.graphemesRevealed
        XCTAssertEqual(Double(afterOne), 20, accuracy: 2, "20 a second for one second")
        h.device.script.append(.pause(2))
        try h.play()
        let afterThree = h.model.reveal!.graphemesRevealed
        XCTAssertEqual(Double(afterThree), 60, accuracy: 3)
        XCTAssertTrue(h.device.timeoutsAsked.allSatisfy { ($0 ?? 0) <= 1000 }, "the loop wakes for the next grapheme")

        // Stopped for a minute while waiting (the clock runs), then continued: the stopped
        // time is left out.
        h.device.script.append(.stopped(60))
        try h.play()
        XCTAssertEqual(Double(h.model.reveal!.graphemesRevealed), Double(afterThree), accuracy: 3)
    }

    func testWithCatchUpTheStoppedTimeCounts() throws {
        var settings = RevealSettings()
        settings.rate = 20
        settings.pauses = false
        let h = try open(reveal: settings, settings: ReaderLoopSettings(countsStoppedTime: true))
        h.device.script.append(.pause(1))
        try h.play()
        let before = h.model.reveal!.graphemesRevealed
        h.device.script.append(.stopped(3))
        try h.play()
        XCTAssertEqual(Double(h.model.reveal!.graphemesRevealed - before), 60, accuracy: 3, "3 s stopped = 60 more at 20/s")
    }

    func testAFailedWriteStillSavesThePosition() throws {
        let store = MemoryPositionStore()
        let h = try open(store: store)
        h.device.failingAfterWrites = 1
        h.device.type(" ")
        XCTAssertThrowsError(try h.loop.run())
        XCTAssertGreaterThan(h.model.position.rawValue, 0)
        XCTAssertEqual(store.states.values.first?.position.offset, h.model.position.rawValue, "saved on the way out")
    }

    func testEndOfInputSavesAndStops() throws {
        let store = MemoryPositionStore()
        let h = try open(store: store)
        h.device.type("G")
        try h.loop.run()
        XCTAssertGreaterThan(store.states.values.first!.position.offset, 0)
        XCTAssertEqual(store.last, URL(fileURLWithPath: Self.sample).standardizedFileURL.path, "recorded as the last book")
    }

    /// Cells of the text rows drawn in `style`.
    func cells(in h: Harness, style: CellStyle) -> Int {
        let frame = h.loop.frame
        return (0..<(frame.height - 1)).reduce(0) { n, row in
            n + (0..<frame.width).filter { frame[row, $0].style == style }.count
        }
    }

    func testSearchInChineseStepsThroughEveryMatchCountsThemAndEscClearsTheHighlights() throws {
        // 42 paragraphs that each hold the phrase once, with a page's worth of text between.
        let filler = String(repeating: "花果山福地水帘洞洞天。", count: 30)
        let text = (1...42).map { "第\($0)段：\(filler)美猴王\(filler)" }.joined(separator: "\n\n")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("xiyou.txt").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let h = try open(path)
        let theme = Theme.dark
        h.device.type("/美猴王")
        h.device.send(.key(KeyEvent(.enter)))
        h.device.script.append(.pause(0.5))   // idle: the matches are counted
        try h.play()
        XCTAssertTrue(h.status.contains("match 1/42"), h.status)
        XCTAssertEqual(cells(in: h, style: theme.currentMatch), 6, "美猴王: three wide characters")
        var starts = [try XCTUnwrap(h.model.currentMatch).lowerBound]
        for n in 2...42 {
            h.device.type("n")
            try h.play()
            XCTAssertTrue(h.status.contains("match \(n)/42"), "n #\(n - 1): \(h.status)")
            starts.append(try XCTUnwrap(h.model.currentMatch).lowerBound)
        }
        XCTAssertEqual(starts, starts.sorted())
        XCTAssertEqual(Set(starts).count, 42)
        h.device.type("n")
        try h.play()
        XCTAssertTrue(h.status.contains("Search wrapped to the start"), h.status)
        XCTAssertTrue(h.status.contains("match 1/42"), h.status)

        h.device.type("N")
        try h.play()
        XCTAssertTrue(h.status.contains("match 42/42"), h.status)
        h.device.send(.key(KeyEvent(.escape)))
        try h.play()
        XCTAssertEqual(cells(in: h, style: theme.currentMatch) + cells(in: h, style: theme.match), 0, "no highlight left")
        XCTAssertFalse(h.status.contains("match"), h.status)
        h.device.type("n")
        try h.play()
        XCTAssertEqual(cells(in: h, style: theme.currentMatch), 6, "n after Esc: the last pattern again")
    }
}
