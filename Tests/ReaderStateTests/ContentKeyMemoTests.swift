import Foundation
import XCTest
@testable import ReaderState

/// `ContentKeyMemo`: a settled file's key is remembered and recalled; a changed, unsettled
/// or damaged entry never yields a wrong key.
final class ContentKeyMemoTests: XCTestCase {
    var root: URL!
    var book: String!
    var memo: ContentKeyMemo!
    /// A clock far enough ahead that every file written by the test counts as settled.
    var later: time_t { time(nil) + 100 }

    override func setUp() {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("key-memo-\(UUID().uuidString)")
        book = root.appendingPathComponent("book.txt").path
        memo = ContentKeyMemo(cacheRoot: root.appendingPathComponent("cache").path)
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: root) }

    func write(_ text: String) { FileManager.default.createFile(atPath: book, contents: Data(text.utf8)) }
    func entries() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: memo.folder)) ?? [] }
    func identityName() throws -> String { try XCTUnwrap(ContentKeyMemo.Identity(path: book)).name }

    func testSettledFileIsRememberedAndRecalled() throws {
        write("Call me Ishmael.")
        XCTAssertEqual(memo.key(ofFile: book, now: later), ContentHash.ofFile(book))
        XCTAssertEqual(entries(), [try identityName()])
        // A planted entry of the right shape is what comes back: the file is not hashed again.
        let planted = "0123456789abcdef-" + String(16, radix: 16)
        try Data(planted.utf8).write(to: URL(fileURLWithPath: memo.folder + "/" + identityName()))
        XCTAssertEqual(memo.key(ofFile: book, now: later), planted)
    }

    func testChangedFileIsHashedAgain() throws {
        write("Call me Ishmael.")
        let first = memo.key(ofFile: book, now: later)
        write("Call me Queequeg.")
        let second = memo.key(ofFile: book, now: later)
        XCTAssertNotEqual(first, second)
        XCTAssertEqual(second, ContentHash.ofFile(book))
    }

    func testUnsettledFileIsNotRemembered() {
        write("Just written.")
        XCTAssertEqual(memo.key(ofFile: book, now: time(nil)), ContentHash.ofFile(book))
        XCTAssertEqual(entries(), [])
    }

    func testDamagedEntryIsIgnored() throws {
        write("Call me Ishmael.")
        try FileManager.default.createDirectory(atPath: memo.folder, withIntermediateDirectories: true)
        for bad in ["0123456789abcdef-ff", "xyz-10", "", "0123456789abcdef"] {
            try Data(bad.utf8).write(to: URL(fileURLWithPath: memo.folder + "/" + identityName()))
            XCTAssertEqual(memo.key(ofFile: book, now: time(nil)), ContentHash.ofFile(book), bad)
        }
    }

    func testMissingOrSpecialFilesHaveNoKey() {
        XCTAssertNil(memo.key(ofFile: root.appendingPathComponent("absent").path, now: later))
        XCTAssertNil(memo.key(ofFile: root.path, now: later))
        XCTAssertNil(memo.key(ofFile: "/dev/zero", now: later))
    }

    func testUnwritableCacheStillGivesTheKey() throws {
        write("Call me Ishmael.")
        let blocked = root.appendingPathComponent("blocked")
        FileManager.default.createFile(atPath: blocked.path, contents: Data())   // a file where the folder would go
        let memo = ContentKeyMemo(cacheRoot: blocked.path)
        XCTAssertEqual(memo.key(ofFile: book, now: later), ContentHash.ofFile(book))
    }

    func testClearRemovesEveryEntry() {
        write("Call me Ishmael.")
        _ = memo.key(ofFile: book, now: later)
        XCTAssertEqual(entries().count, 1)
        XCTAssertEqual(memo.clear(), 1)
        XCTAssertEqual(entries(), [])
    }
}

extension ContentKeyMemoTests {
    func testTrimKeepsTheNewestEntries() throws {
        try FileManager.default.createDirectory(atPath: memo.folder, withIntermediateDirectories: true)
        for i in 0..<10 {
            let path = memo.folder + "/entry\(i)"
            FileManager.default.createFile(atPath: path, contents: Data("0123456789abcdef-1".utf8))
            var times = [timespec(tv_sec: 1_000_000 + i, tv_nsec: 0), timespec(tv_sec: 1_000_000 + i, tv_nsec: 0)]
            XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
        }
        memo.trim(limit: 12)
        XCTAssertEqual(entries().count, 10, "under the limit nothing goes")
        memo.trim(limit: 8)
        XCTAssertEqual(Set(entries()), Set((4..<10).map { "entry\($0)" }), "down to three quarters of the limit, oldest first")
    }
}
