import Foundation
import Glibc
import XCTest
@testable import ReaderState

/// `kill -9` at any moment leaves either the old or the new state file; two writers on the
/// same book leave one whole file (last writer wins). Uses the `state-writer` helper,
/// which saves through the real `StateStore` in a loop.
final class StateCrashSafetyTests: XCTestCase {
    var folder: URL!

    override func setUp() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-crash-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The helper SwiftPM built next to the test bundle.
    static var writer: URL { WriterProcess.executable("state-writer") }

    private func launch(key: String, count: Int, tag: String) throws -> (Process, Pipe) {
        try WriterProcess.launch(Self.writer, [folder.path, key, String(count), tag])
    }

    /// Whether `state` is exactly what the helper's save number `state.position.offset` wrote.
    private func isWholeSave(_ state: BookState, tag: String) -> Bool {
        let i = state.position.offset
        guard i >= 1, state.position.chapter == i % 7, state.updated == Double(i),
              state.bookmarks.count == i % 40, state.lastPath == "/books/\(tag).epub" else { return false }
        for (k, b) in state.bookmarks.enumerated()
        where b.label != "\(tag) save \(i) mark \(k) " + String(repeating: "~", count: i % 200) || b.position.offset != k {
            return false
        }
        return true
    }

    func testSIGKILLAtRandomMomentsNeverLeavesAPartialFile() throws {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: Self.writer.path), "state-writer not found at \(Self.writer.path)")
        let store = StateStore(folder: folder.path)
        // Another book's state must survive everything.
        let other = BookState(key: "0ther-1", lastPath: "/other", title: "Other", position: SavedPosition(chapter: 4, offset: 4444))
        try store.save(other)
        var previous = 0
        var rng = SystemRandomNumberGenerator()
        for round in 0..<40 {
            let (p, out) = try launch(key: "feed-1", count: 1_000_000, tag: "w")
            // Wait for the first save of this round, then kill at a random moment.
            _ = out.fileHandleForReading.availableData
            usleep(UInt32.random(in: 0...30_000, using: &rng))
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            XCTAssertEqual(p.terminationReason, .uncaughtSignal, "round \(round): the writer ended by itself")
            switch store.load(key: "feed-1") {
            case .found(let s):
                XCTAssertTrue(isWholeSave(s, tag: "w"), "round \(round): not one whole save: \(s.position)")
                previous = s.position.offset
            case .none:
                XCTFail("round \(round): state file missing")
            case .recovered(let warning):
                XCTFail("round \(round): damaged state file: \(warning)")
            }
            XCTAssertEqual(store.load(key: "0ther-1"), .found(other))
        }
        XCTAssertGreaterThan(previous, 0)
        // Temporary files of killed writers are cleaned up on the next load.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("books").path)
        XCTAssertEqual(names.filter { $0.hasSuffix(".tmp") }, [], "abandoned temporary files remain")
    }

    func testTwoWritersOnTheSameBookLeaveOneWholeSave() throws {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: Self.writer.path))
        let (a, _) = try launch(key: "5a4e-1", count: 400, tag: "a")
        let (b, _) = try launch(key: "5a4e-1", count: 400, tag: "b")
        a.waitUntilExit()
        b.waitUntilExit()
        XCTAssertEqual(a.terminationStatus, 0)
        XCTAssertEqual(b.terminationStatus, 0)
        guard case .found(let s) = StateStore(folder: folder.path).load(key: "5a4e-1") else { return XCTFail("no whole state") }
        // Last writer wins: the file is one writer's last save, whole.
        XCTAssertEqual(s.position.offset, 400)
        XCTAssertTrue(isWholeSave(s, tag: "a") || isWholeSave(s, tag: "b"), "\(s)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("books").path)
        XCTAssertEqual(names, ["5a4e-1.json"])
    }
}
