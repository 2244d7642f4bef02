import Foundation
import Glibc
import XCTest
@testable import ReaderState

/// Two processes adding statistics at once lose no second; `kill -9` at any moment leaves
/// every statistics file whole (the old update or the new one). Uses the `stats-writer`
/// helper, which adds through the real `ReadingStatsStore`.
final class ReadingStatsCrashSafetyTests: XCTestCase {
    var folder: URL!

    override func setUp() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-stats-crash-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    static var writer: URL { WriterProcess.executable("stats-writer") }

    private func launch(key: String, count: Int) throws -> (Process, Pipe) {
        try WriterProcess.launch(Self.writer, [folder.path, key, String(count)])
    }

    func testTwoWritersOnOneBookLoseNothing() throws {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: Self.writer.path), "stats-writer not found at \(Self.writer.path)")
        let count = 120
        let writers = try [0, 1].map { _ in try launch(key: "shared", count: count) }
        for (p, _) in writers { p.waitUntilExit(); XCTAssertEqual(p.terminationStatus, 0) }
        let store = ReadingStatsStore(stateFolder: folder.path)
        let book = try XCTUnwrap(store.load(key: "shared"))
        XCTAssertEqual(book.seconds, Double(2 * count))
        XCTAssertEqual(book.characters["alphabetic"], 20 * count)
        XCTAssertEqual(book.days["2026-01-01"], Double(2 * count))
        // Every sample was added once: 1,000 characters a minute exactly, whatever the decay.
        let speeds = store.speeds()
        XCTAssertEqual((speeds.characters["alphabetic"] ?? 0) / (speeds.minutes["alphabetic"] ?? 1), 1000, accuracy: 1e-6)
    }

    func testSIGKILLAtRandomMomentsLeavesWholeFiles() throws {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: Self.writer.path), "stats-writer not found at \(Self.writer.path)")
        let store = ReadingStatsStore(stateFolder: folder.path)
        var rng = SystemRandomNumberGenerator()
        var before = 0.0
        for round in 0..<20 {
            let (p, out) = try launch(key: "book", count: 1_000_000)
            _ = out.fileHandleForReading.availableData   // the first update is done
            usleep(UInt32.random(in: 0...30_000, using: &rng))
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            XCTAssertEqual(p.terminationReason, .uncaughtSignal, "round \(round): the writer ended by itself")
            let book = try XCTUnwrap(store.load(key: "book"), "round \(round): damaged or missing book file")
            // One whole update n: n seconds, 10n characters, n seconds on the day.
            XCTAssertGreaterThan(book.seconds, before, "round \(round): updates lost")
            XCTAssertEqual(book.characters["alphabetic"], Int(book.seconds) * 10, "round \(round): not one whole update")
            XCTAssertEqual(book.days["2026-01-01"], book.seconds, "round \(round): not one whole update")
            XCTAssertNotNil(try? JSONDecoder().decode(SpeedSums.self, from: Data(contentsOf: URL(fileURLWithPath: store.speedsPath))), "round \(round): damaged speeds")
            before = book.seconds
        }
        var last = ReadingStatsDelta(title: "x"); last.seconds = 1
        try store.add(last, key: "book")
        for dir in [store.folder, store.booksFolder] {
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".tmp") }
            XCTAssertEqual(leftovers, [], dir)
        }
    }
}
