import Foundation
import XCTest
@testable import ReaderState

/// A corrupt, hand-edited or wrong-typed state file gives a warning and a fresh start for
/// that book only; values that decode but make no sense are cleaned up, never trusted.
final class HandEditedStateTests: XCTestCase {
    var folder: URL!
    var store: StateStore!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-edit-\(UUID().uuidString)")
        store = StateStore(folder: folder.path)
        try store.save(BookState(key: "beef-1", lastPath: "/b", title: "B", position: SavedPosition(chapter: 2, offset: 20)))
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ text: String, key: String = "aaaa-1") throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent("books/\(key).json"))
    }

    private func assertRecovers(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try write(text)
        guard case .recovered(let warning) = store.load(key: "aaaa-1") else {
            return XCTFail("accepted: \(text.prefix(80))", file: file, line: line)
        }
        XCTAssertFalse(warning.contains("\n"), file: file, line: line)
        XCTAssertEqual(store.load(key: "aaaa-1"), .none, "set aside", file: file, line: line)
        guard case .found(let other) = store.load(key: "beef-1") else { return XCTFail("other book lost", file: file, line: line) }
        XCTAssertEqual(other.position.offset, 20, file: file, line: line)
    }

    func testGarbageEmptyAndBinaryFiles() throws {
        try assertRecovers("")
        try assertRecovers("not json at all")
        try assertRecovers(String(decoding: [0xFF, 0xFE, 0x00, 0x1B, 0x5B], as: UTF8.self))
        try assertRecovers("[1, 2, 3]")
        try assertRecovers("null")
    }

    func testWrongTypesAndMissingFields() throws {
        try assertRecovers(#"{"version": 1, "key": "aaaa-1", "lastPath": "/a", "title": "A", "position": {"chapter": "one", "offset": 3}, "bookmarks": [], "updated": 0}"#)
        try assertRecovers(#"{"version": 1, "key": "aaaa-1", "lastPath": "/a", "title": "A", "position": {"chapter": 1, "offset": 1e300}, "bookmarks": [], "updated": 0}"#)
        try assertRecovers(#"{"version": 1, "key": "aaaa-1", "title": "A", "bookmarks": [], "updated": 0}"#)
        try assertRecovers(#"{"version": 1, "key": "aaaa-1", "lastPath": "/a", "title": "A", "position": {"chapter": 1, "offset": 99999999999999999999}, "bookmarks": [], "updated": 0}"#)
    }

    func testStateOfAnotherBookInThisFileIsRefused() throws {
        try assertRecovers(#"{"version": 1, "key": "beef-1", "lastPath": "/a", "title": "A", "position": {"chapter": 1, "offset": 3}, "bookmarks": [], "updated": 0}"#)
    }

    func testHugeFileIsNotReadWhole() throws {
        try assertRecovers(String(repeating: " ", count: StateStore.maxFileSize + 10) + "{}")
    }

    func testNonsenseBookmarksAreDroppedAndLabelsSanitised() throws {
        try write(#"{"version": 1, "key": "aaaa-1", "lastPath": "/a", "title": "T\u001b]0;x\u0007\u202e", "position": {"chapter": 1, "offset": 3}, "bookmarks": [{"position": {"chapter": 0, "offset": -7}, "label": "neg", "created": 0}, {"position": {"chapter": 0, "offset": 5}, "label": "ok\u001b[2J\u009b\u202e!", "created": 0}], "updated": 0}"#)
        guard case .found(let s) = store.load(key: "aaaa-1") else { return XCTFail("a sensible file with odd bookmarks was refused") }
        XCTAssertEqual(s.bookmarks.map(\.label), ["ok!"])
        XCTAssertEqual(s.title, "T")
    }

    func testLastBookFileThatIsHugeOrEmpty() throws {
        try Data(count: 1 << 17).write(to: folder.appendingPathComponent("last-book"))
        XCTAssertNil(store.lastBook())
        try Data().write(to: folder.appendingPathComponent("last-book"))
        XCTAssertNil(store.lastBook())
    }
}
