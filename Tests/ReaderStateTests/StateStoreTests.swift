import XCTest
@testable import ReaderState

final class StateStoreTests: XCTestCase {
    var folder: URL!

    override func setUp() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-state-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    func testRoundTripAndLastBook() throws {
        let store = StateStore(folder: folder.path)
        XCTAssertEqual(store.load(key: "abc-1"), .none)
        var s = BookState(key: "abc-1", lastPath: "/books/x.epub", title: "X",
                          position: SavedPosition(chapter: 3, offset: 12345))
        s.bookmarks.append(Bookmark(position: SavedPosition(chapter: 1, offset: 99), label: "here", created: 1))
        try store.save(s)
        XCTAssertEqual(store.load(key: "abc-1"), .found(s))
        try store.setLastBook("/books/x.epub")
        XCTAssertEqual(store.lastBook(), "/books/x.epub")
    }

    func testCorruptFileIsSetAsideAndOtherBooksSurvive() throws {
        let store = StateStore(folder: folder.path)
        try store.save(BookState(key: "aaaa-1", lastPath: "/a", title: "A", position: SavedPosition(chapter: 1, offset: 10)))
        try store.save(BookState(key: "bbbb-1", lastPath: "/b", title: "B", position: SavedPosition(chapter: 2, offset: 20)))
        let bad = folder.appendingPathComponent("books/aaaa-1.json")
        try Data("{\"version\": 1, \"key\": \"aaaa-1\", \"posit".utf8).write(to: bad)
        guard case .recovered(let warning) = store.load(key: "aaaa-1") else { return XCTFail("expected recovery") }
        XCTAssertTrue(warning.contains("set aside"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: bad.path + ".corrupt"))
        XCTAssertEqual(store.load(key: "aaaa-1"), .none)
        guard case .found(let b) = store.load(key: "bbbb-1") else { return XCTFail("other book lost") }
        XCTAssertEqual(b.position.offset, 20)
    }

    func testNegativeOffsetsAreRejected() throws {
        let store = StateStore(folder: folder.path)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("books"), withIntermediateDirectories: true)
        let s = BookState(key: "cccc-1", lastPath: "/c", title: "C", position: SavedPosition(chapter: 0, offset: -5))
        try JSONEncoder().encode(s).write(to: folder.appendingPathComponent("books/cccc-1.json"))
        guard case .recovered = store.load(key: "cccc-1") else { return XCTFail("negative offset accepted") }
    }

    func testSavesLeaveNoTemporaryFiles() throws {
        let store = StateStore(folder: folder.path)
        for i in 0..<20 { try store.save(BookState(key: "dddd-1", lastPath: "/d", title: "D \(i)")) }
        guard case .found(let s) = store.load(key: "dddd-1") else { return XCTFail("not saved") }
        XCTAssertEqual(s.title, "D 19")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("books").path),
                       ["dddd-1.json"])
    }

    func testContentHashDependsOnBytesNotNames() {
        let a = Array("hello book".utf8), b = Array("hello book!".utf8)
        let ha = a.withUnsafeBytes { ContentHash.of($0) }
        XCTAssertEqual(ha, a.withUnsafeBytes { ContentHash.of($0) })
        XCTAssertNotEqual(ha, b.withUnsafeBytes { ContentHash.of($0) })
    }
}
