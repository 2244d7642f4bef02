import Foundation
import ReaderCore
import ReaderState
import XCTest
@testable import ReaderApp

/// The bookshelf's state, key by key: sort order, filter, remove, missing files, help.
final class ShelfModelTests: XCTestCase {
    let now = 1_800_000_000.0

    func entry(_ key: String, _ title: String, _ author: String, opened: Double? = nil, progress: Double = 0) -> LibraryEntry {
        LibraryEntry(key: key, path: "/books/\(key).epub", title: title, authors: [author], format: "epub", fileSize: 1,
                     added: 0, lastOpened: opened, progress: progress)
    }

    func model() -> ShelfModel {
        ShelfModel(entries: [
            entry("w", "War and Peace", "Tolstoy", opened: now - 3 * 86400, progress: 0.25),
            entry("e", "Emma", "Austen", opened: now - 60, progress: 0.9),
            entry("m", "Moby-Dick", "Melville"),
        ], missing: ["m"], columns: 100, rows: 20)
    }

    func titles(_ m: ShelfModel) -> [String] { m.visible.map(\.title) }

    func testSortCyclesRecentTitleAuthorProgress() {
        let m = model()
        XCTAssertEqual(titles(m), ["Emma", "War and Peace", "Moby-Dick"])
        _ = m.handle(.character("s"))
        XCTAssertEqual(m.sort, .title)
        XCTAssertEqual(titles(m), ["Emma", "Moby-Dick", "War and Peace"])
        _ = m.handle(.character("s"))
        XCTAssertEqual(titles(m), ["Emma", "Moby-Dick", "War and Peace"], "Austen, Melville, Tolstoy")
        _ = m.handle(.character("s"))
        XCTAssertEqual(titles(m), ["Emma", "War and Peace", "Moby-Dick"])
        _ = m.handle(.character("s"))
        XCTAssertEqual(m.sort, .recent)
    }

    func testFilterTypesMatchesKeepsAndClears() {
        let m = model()
        _ = m.handle(.character("/"))
        for c in "tol" { _ = m.handle(.character(c)) }
        XCTAssertEqual(titles(m), ["War and Peace"], "j, k and q are typed, not keys, while filtering")
        _ = m.handle(.backspace)
        _ = m.handle(.backspace)
        _ = m.handle(.backspace)
        for c in "MOBY" { _ = m.handle(.character(c)) }
        _ = m.handle(.enter)
        XCTAssertFalse(m.isFiltering)
        XCTAssertEqual(titles(m), ["Moby-Dick"], "kept after Enter")
        XCTAssertEqual(m.handle(.character("q")), .quit, "q quits again once the filter is kept")
        _ = m.handle(.escape)
        XCTAssertEqual(m.visible.count, 3, "Esc clears a kept filter")
        XCTAssertEqual(m.handle(.escape), .quit)
    }

    func testEnterOpensTheSelectedBookAndAMissingOneGivesAMessage() {
        let m = model()
        XCTAssertEqual(m.handle(.enter), .open(m.visible[0]))
        _ = m.handle(.character("G"))
        XCTAssertEqual(m.selectedEntry?.key, "m")
        XCTAssertEqual(m.handle(.enter), ShelfAction.none)
        XCTAssertTrue(m.message?.contains("Missing: /books/m.epub") == true, m.message ?? "")
        let row = m.row(for: m.visible[2], now: now)
        XCTAssertEqual(row.lastRead, "missing")
    }

    func testDRemovesTheEntryAtOnce() {
        let m = model()
        _ = m.handle(.character("j"))
        XCTAssertEqual(m.handle(.character("d")), .remove(key: "w"))
        XCTAssertEqual(titles(m), ["Emma", "Moby-Dick"])
        XCTAssertEqual(m.selectedEntry?.key, "m", "the selection stays at its row")
    }

    func testSnapshotRowsProgressLastReadAndHelp() {
        let m = model()
        let view = m.snapshot(now: now).views.first as? ShelfView
        XCTAssertEqual(view?.rows.map(\.lastRead), ["today", "3 days ago", "missing"])
        XCTAssertEqual(view?.rows.map(\.timeLeft), ["—", "—", "—"], "no reading speed yet")
        XCTAssertEqual(view?.selectedRow, 0)
        XCTAssertEqual(ShelfRow.bar(0.25, cells: 8), "██░░░░░░")
        XCTAssertEqual(ShelfRow.percent(0.999), " 99%")
        _ = m.handle(.character("?"))
        XCTAssertTrue(m.snapshot(now: now).views.first is HelpView)
        _ = m.handle(.character("x"))
        XCTAssertFalse(m.showsHelp)
    }

    func testTimeLeftComesFromTheReadingSpeedHook() {
        struct Speed: ReadingSpeedEstimating { func bytesPerSecond(for entry: LibraryEntry) -> Double? { 100 } }
        var e = entry("e", "Emma", "Austen", progress: 0.5)
        e.textBytes = 720_000
        XCTAssertEqual(TimeLeft.text(for: e, speed: Speed()), "1 h 0 min")
        XCTAssertEqual(TimeLeft.text(for: e, speed: nil), "—")
    }

    func testAnEmptyLibraryListsTheSampleWithAHint() {
        let sample = LibraryEntry(key: "sample", path: "", title: "Sample", format: "txt", fileSize: 1, added: 0)
        let m = ShelfModel(entries: [], columns: 100, rows: 20, sample: sample)
        XCTAssertEqual(titles(m), ["Sample"])
        XCTAssertEqual(m.handle(.enter), .open(sample))
        XCTAssertEqual(m.handle(.character("d")), ShelfAction.none, "the sample cannot be removed")
        let view = m.snapshot(now: now).views.first as? ShelfView
        XCTAssertTrue(view?.hint.contains("reader add ~/Books") == true)
    }

    func testScrollingKeepsTheSelectionOnScreen() {
        let many = (0..<100).map { entry("k\($0)", String(format: "Book %03d", $0), "A") }
        let m = ShelfModel(entries: many, sort: .title, columns: 100, rows: 20)
        for _ in 0..<50 { _ = m.handle(.down) }
        let view = m.snapshot(now: now).views.first as? ShelfView
        XCTAssertEqual(view?.rows.count, 17)
        XCTAssertEqual(view.flatMap { $0.rows[$0.selectedRow!].title }, "Book 050")
        _ = m.handle(.pageDown)
        XCTAssertEqual(m.selectedEntry?.title, "Book 067")
        _ = m.handle(.end)
        XCTAssertEqual(m.selectedEntry?.title, "Book 099")
        _ = m.handle(.character("g"))
        XCTAssertEqual(m.selected, 0)
    }
}
