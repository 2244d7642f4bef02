import BookFormats
import Foundation
import ReaderCore
import ReaderState
import Storage
import TextContent
import XCTest
@testable import ReaderApp

/// Opening books through the one session type: the content cache, the parsers, the saved
/// state and the layout provider.
final class BookSessionTests: XCTestCase {
    var folder: URL!
    var directories: XDGDirectories!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-session-\(UUID().uuidString)")
        directories = XDGDirectories(state: folder.appendingPathComponent("state").path, cache: folder.appendingPathComponent("cache").path)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    func fixture(_ name: String) -> String { ReaderLoopTests.fixtures.appendingPathComponent(name).path }

    func open(_ path: String?, _ options: BookOpenOptions = BookOpenOptions(), store: PositionStore = MemoryPositionStore()) throws -> BookSession {
        try BookSession.open(path, options: options, directories: directories, store: store)
    }

    func testAParsedBookIsStoredThenReadFromTheContentCache() throws {
        let path = fixture("epub/epub3-features.epub")
        let first = try open(path)
        XCTAssertTrue(first.parsedNow)
        XCTAssertFalse(FileManager.default.fileExists(atPath: first.contentCache.path(bookKey: first.contentKey)),
                       "nothing is written before the first frame")
        first.storeParsedContent()
        let second = try open(path)
        XCTAssertFalse(second.parsedNow)
        XCTAssertEqual(second.content.bytes, first.content.bytes)
        XCTAssertEqual(second.content.chapters, first.content.chapters)
        XCTAssertEqual(second.key, first.key)
        XCTAssertEqual(second.key, ContentHash.ofFile(path))
        let fresh = try open(path, BookOpenOptions(useContentCache: false))
        XCTAssertTrue(fresh.parsedNow, "useContentCache: false parses")
    }

    /// Issue #14: note references, backlinks, URLs and the notes' extents come back from
    /// the content cache as parsed.
    func testNotesAndLinksSurviveTheContentCache() throws {
        let path = fixture("epub/notes-aside.epub")
        let first = try open(path)
        first.storeParsedContent()
        let second = try open(path)
        XCTAssertFalse(second.parsedNow)
        XCTAssertFalse(first.content.notes.isEmpty)
        XCTAssertEqual(second.content.notes, first.content.notes)
        XCTAssertEqual(second.content.styles, first.content.styles)
        XCTAssertTrue(second.content.styles.contains { $0.url == "MAILTO:keeper@example.org" })
        XCTAssertTrue(second.content.styles.contains { $0.style == .backlink })
    }

    func testAForcedEncodingIsAnotherContentKey() throws {
        let path = fixture("txt/en_cp1252_cr.txt")
        let detected = try open(path)
        let forced = try open(path, BookOpenOptions(encoding: "ISO-8859-1"))
        XCTAssertEqual(detected.key, forced.key, "the same file keeps one reading state")
        XCTAssertNotEqual(detected.contentKey, forced.contentKey)
    }

    func testTheSampleNeedsNoFile() throws {
        let sample = try open(nil)
        XCTAssertNil(sample.path)
        XCTAssertFalse(sample.parsedNow)
        XCTAssertEqual(sample.content.metadata.title.isEmpty, false)
        sample.storeParsedContent()
        XCTAssertFalse(FileManager.default.fileExists(atPath: URL(fileURLWithPath: directories.cache).appendingPathComponent("content").path),
                       "the sample is never cached")
    }

    func testBadFilesAreBookErrors() {
        XCTAssertThrowsError(try open(folder.appendingPathComponent("missing.epub").path)) { error in
            guard case .unreadable? = error as? BookError else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try open(fixture("epub/not-a-zip.epub"))) { error in
            XCTAssertNotNil(error as? BookError, "\(error)")
        }
    }

    func testTheStateIsReadOnlyWhenAskedFor() throws {
        let path = fixture("sample/sample.txt")
        let key = try XCTUnwrap(ContentHash.ofFile(path))
        let books = URL(fileURLWithPath: directories.state).appendingPathComponent("books")
        try FileManager.default.createDirectory(at: books, withIntermediateDirectories: true)
        let file = books.appendingPathComponent("\(key).json")
        try Data("{ not json".utf8).write(to: file)
        let store = FilePositionStore(StateStore(folder: directories.state))
        let session = try open(path, store: store)
        _ = session.content
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path), "dump and info never touch the state")
        XCTAssertEqual(session.savedPosition, .zero)
        XCTAssertNotNil(session.stateWarning, "a damaged state is reported")
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path), "and set aside")
    }

    func testSavingKeepsABookmarksCreationTime() throws {
        let store = MemoryPositionStore()
        let session = try open(fixture("sample/sample.txt"), store: store)
        try session.save(position: ByteOffset(10), marks: [Mark(offset: ByteOffset(5), label: "a")], now: Date(timeIntervalSince1970: 100))
        try session.save(position: ByteOffset(20), marks: [Mark(offset: ByteOffset(5), label: "a"), Mark(offset: ByteOffset(900), label: "b")],
                         now: Date(timeIntervalSince1970: 200))
        let saved = try XCTUnwrap(store.states[session.key])
        XCTAssertEqual(saved.position.offset, 20)
        XCTAssertEqual(saved.bookmarks.map(\.created), [100, 200])
        XCTAssertEqual(saved.bookmarks.map(\.position.offset), [5, 900])
        let reopened = try open(fixture("sample/sample.txt"), store: store)
        XCTAssertEqual(reopened.savedPosition, ByteOffset(20))
        XCTAssertEqual(reopened.savedMarks.map(\.label), ["a", "b"])
    }

    func testJumpsApplyInOrderAndFailPastTheBook() throws {
        let content = try open(fixture("sample/sample.txt")).content
        XCTAssertNil(try Jump.resolve([], in: content))
        XCTAssertEqual(try Jump.resolve([.chapter(2), .offset(7)], in: content), ByteOffset(7))
        XCTAssertEqual(try Jump.resolve([.chapter(2)], in: content), content.chapters[1].range.lowerBound)
        XCTAssertThrowsError(try Jump.resolve([.chapter(content.chapters.count + 1)], in: content))
        XCTAssertThrowsError(try Jump.resolve([.offset(content.bytes.count + 1)], in: content))
    }
}
