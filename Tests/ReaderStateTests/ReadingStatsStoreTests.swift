import Foundation
import XCTest
@testable import ReaderState

/// The statistics files: a round trip, adding to what is there, the decayed speed sums,
/// and concurrent writers (threads, each with its own lock descriptor) losing nothing.
final class ReadingStatsStoreTests: XCTestCase {
    var folder: URL!

    override func setUp() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-stats-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func delta(seconds: Double, alphabetic: Int, cjk: Int = 0, day: String = "2026-12-01", at time: Double = 100) -> ReadingStatsDelta {
        var d = ReadingStatsDelta(title: "A Book")
        d.seconds = seconds
        d.characters = ["alphabetic": alphabetic, "cjk": cjk].filter { $0.value > 0 }
        d.days = [day: seconds]
        d.lastRead = time
        d.speed.accumulate("alphabetic", characters: Double(alphabetic), minutes: seconds / 60)
        return d
    }

    func testRoundTripAndAdding() throws {
        let store = ReadingStatsStore(stateFolder: folder.path)
        XCTAssertNil(store.load(key: "abc"))
        try store.add(delta(seconds: 60, alphabetic: 1000, cjk: 5), key: "abc")
        try store.add(delta(seconds: 30, alphabetic: 500, day: "2026-12-02", at: 200), key: "abc")
        let book = try XCTUnwrap(store.load(key: "abc"))
        XCTAssertEqual(book.title, "A Book")
        XCTAssertEqual(book.seconds, 90)
        XCTAssertEqual(book.characters, ["alphabetic": 1500, "cjk": 5])
        XCTAssertEqual(book.days, ["2026-12-01": 60, "2026-12-02": 30])
        XCTAssertEqual(book.lastRead, 200)
        XCTAssertEqual(store.loadAll().map(\.key), ["abc"])
        let speeds = store.speeds()
        XCTAssertEqual(speeds.minutes["alphabetic"] ?? 0, 1.5, accuracy: 0.02)   // decayed a little
        XCTAssertEqual((speeds.characters["alphabetic"] ?? 0) / (speeds.minutes["alphabetic"] ?? 1), 1000, accuracy: 1)
    }

    func testSpeedSumsForgetWithTheHalfLife() {
        var sums = SpeedSums()
        var old = SpeedSums(); old.accumulate("cjk", characters: 600, minutes: 1)
        sums.add(old)
        var new = SpeedSums(); new.accumulate("cjk", characters: 300 * SpeedSums.halfLifeMinutes, minutes: SpeedSums.halfLifeMinutes)
        sums.add(new)
        // The old minute now weighs half: (300 + 60·300) / (0.5 + 60).
        XCTAssertEqual(sums.minutes["cjk"] ?? 0, 60.5, accuracy: 1e-9)
        XCTAssertEqual(sums.characters["cjk"] ?? 0, 300 + 18_000, accuracy: 1e-9)
    }

    func testEmptyDeltaWritesNothingAndBadKeysAreRefused() throws {
        let store = ReadingStatsStore(stateFolder: folder.path)
        try store.add(ReadingStatsDelta(title: "x"), key: "abc")
        try store.add(delta(seconds: 1, alphabetic: 1), key: "../escape")
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.folder))
    }

    func testADamagedFileIsSetAsideNotOverwrittenUnseen() throws {
        let store = ReadingStatsStore(stateFolder: folder.path)
        try store.add(delta(seconds: 60, alphabetic: 1000), key: "abc")
        let url = URL(fileURLWithPath: store.booksFolder).appendingPathComponent("abc.json")
        try Data("{\"key\": ".utf8).write(to: url)
        XCTAssertNil(store.load(key: "abc"))
        XCTAssertEqual(store.loadAll().count, 0, "reader stats skips it")
        try store.add(delta(seconds: 5, alphabetic: 50), key: "abc")
        XCTAssertEqual(store.load(key: "abc")?.seconds, 5)
        XCTAssertEqual(try String(contentsOf: url.appendingPathExtension("corrupt"), encoding: .utf8), "{\"key\": ")
    }

    func testConcurrentWritersLoseNothing() throws {
        let store = ReadingStatsStore(stateFolder: folder.path)
        let failures = NSLock()
        nonisolated(unsafe) var errors: [Error] = []
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for _ in 0..<25 {
                do { try store.add(delta(seconds: 2, alphabetic: 3), key: worker % 2 == 0 ? "even" : "odd") } catch {
                    failures.lock(); errors.append(error); failures.unlock()
                }
            }
        }
        XCTAssertTrue(errors.isEmpty, "\(errors)")
        for key in ["even", "odd"] {
            let book = try XCTUnwrap(store.load(key: key))
            XCTAssertEqual(book.seconds, 100)
            XCTAssertEqual(book.characters["alphabetic"], 150)
        }
    }
}
