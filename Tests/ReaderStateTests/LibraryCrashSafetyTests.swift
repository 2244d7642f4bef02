import Foundation
import Glibc
import XCTest
@testable import ReaderState

/// Two processes updating the library at once lose no entry; `kill -9` at any moment
/// leaves the old library file or the new one, never a mix. Uses the `library-writer`
/// helper, which updates through the real `LibraryStore`.
final class LibraryCrashSafetyTests: XCTestCase {
    var folder: URL!

    override func setUp() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-library-crash-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    static var writer: URL { WriterProcess.executable("library-writer") }

    private func launch(tag: String, count: Int) throws -> (Process, Pipe) {
        try WriterProcess.launch(Self.writer, [folder.path, tag, String(count)])
    }

    func testTwoWritersAtOnceLoseNoEntry() throws {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: Self.writer.path), "library-writer not found at \(Self.writer.path)")
        let count = 150
        let writers = try ["a", "b"].map { try launch(tag: $0, count: count) }
        for (p, _) in writers { p.waitUntilExit(); XCTAssertEqual(p.terminationStatus, 0) }
        let (library, warning) = LibraryStore(stateFolder: folder.path).load()
        XCTAssertNil(warning)
        let keys = Set(library.entries.map(\.key))
        for tag in ["a", "b"] {
            for i in 1...count { XCTAssertTrue(keys.contains("\(tag)-\(i)"), "lost \(tag)-\(i)") }
            XCTAssertEqual(library.entry(key: "\(tag)-1")?.fileSize, count)
        }
        XCTAssertEqual(library.entries.count, 2 * count)
    }

    func testSIGKILLAtRandomMomentsLeavesOneWholeUpdate() throws {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: Self.writer.path), "library-writer not found at \(Self.writer.path)")
        let store = LibraryStore(stateFolder: folder.path)
        try store.update { $0.add(LibraryEntry(key: "keep", path: "/keep", title: "Keep", format: "txt", fileSize: 1, added: 0)) }
        var rng = SystemRandomNumberGenerator()
        for round in 0..<25 {
            let tag = "r\(round)"
            let (p, out) = try launch(tag: tag, count: 1_000_000)
            _ = out.fileHandleForReading.availableData   // the first update is done
            usleep(UInt32.random(in: 0...30_000, using: &rng))
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            XCTAssertEqual(p.terminationReason, .uncaughtSignal, "round \(round): the writer ended by itself")
            let (library, warning) = store.load()
            XCTAssertNil(warning, "round \(round): damaged library file")
            XCTAssertNotNil(library.entry(key: "keep"), "round \(round): an older entry was lost")
            // Update n holds exactly the entries 1…n of this writer.
            let mine = library.entries.filter { $0.key.hasPrefix(tag + "-") }
            let n = library.entry(key: "\(tag)-1")?.fileSize ?? 0
            XCTAssertGreaterThanOrEqual(n, 1, "round \(round)")
            XCTAssertEqual(Set(mine.map(\.key)), Set((1...max(1, n)).map { "\(tag)-\($0)" }), "round \(round): not one whole update")
        }
        // A later update under the lock cleans the killed writers' temporary files.
        try store.update { $0.remove(key: "keep") }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: store.folder).filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(leftovers, [])
    }
}
