import Foundation
import XCTest
@testable import ReaderState

/// The library as a value and on disk: add, a moved file found again by its hash, copies,
/// replaced files, remove, sort orders, the filter, the JSON file, a damaged file.
final class LibraryTests: XCTestCase {
    func entry(_ key: String, _ title: String, author: String = "A", path: String? = nil, added: Double = 0,
               opened: Double? = nil, progress: Double = 0) -> LibraryEntry {
        LibraryEntry(key: key, path: path ?? "/books/\(key).epub", title: title, authors: [author], format: "epub",
                     fileSize: 10, added: added, lastOpened: opened, progress: progress)
    }

    func testAddThenAddAgainIsUnchanged() {
        var library = Library()
        XCTAssertEqual(library.add(entry("k1", "One")), .added)
        XCTAssertEqual(library.add(entry("k1", "One"), fileExists: { _ in true }), .unchanged)
        XCTAssertEqual(library.entries.count, 1)
    }

    func testAMovedFileUpdatesThePathAndKeepsProgress() {
        var library = Library()
        library.add(entry("k1", "One", path: "/old/one.epub"))
        library.setProgress(key: "k1", 0.4, at: 100)
        XCTAssertEqual(library.add(entry("k1", "One", path: "/new/one.epub"), fileExists: { _ in false }), .updated)
        XCTAssertEqual(library.entries.count, 1)
        XCTAssertEqual(library.entries[0].path, "/new/one.epub")
        XCTAssertEqual(library.entries[0].progress, 0.4)
        XCTAssertEqual(library.entries[0].lastOpened, 100)
    }

    func testACopyElsewhereKeepsTheEntryAsItIs() {
        var library = Library()
        library.add(entry("k1", "One", path: "/a/one.epub"))
        XCTAssertEqual(library.add(entry("k1", "Copy", path: "/b/copy.epub"), fileExists: { $0 == "/a/one.epub" }), .unchanged)
        XCTAssertEqual(library.entries.map(\.path), ["/a/one.epub"])
        XCTAssertEqual(library.entries[0].title, "One")
    }

    func testAFileReplacedByAnotherBookReplacesItsEntry() {
        var library = Library()
        library.add(entry("k1", "Old", path: "/a/book.txt"))
        XCTAssertEqual(library.add(entry("k2", "New", path: "/a/book.txt")), .added)
        XCTAssertEqual(library.entries.map(\.key), ["k2"])
    }

    func testRecordOpenedAddsSetsProgressAndTakesThePathOpened() {
        var library = Library()
        library.add(entry("k1", "One", path: "/a/one.epub"))
        library.recordOpened(entry("k1", "One", path: "/b/one.epub"), progress: 1.5, at: 42)
        XCTAssertEqual(library.entries[0].path, "/b/one.epub")
        XCTAssertEqual(library.entries[0].progress, 1, "clamped")
        XCTAssertEqual(library.entries[0].lastOpened, 42)
        library.recordOpened(entry("k9", "Nine"), progress: 0.25, at: 43)
        XCTAssertEqual(library.entry(key: "k9")?.progress, 0.25)
    }

    func testRemoveTakesOnlyThatEntry() {
        var library = Library(entries: [entry("k1", "One"), entry("k2", "Two")])
        XCTAssertTrue(library.remove(key: "k1"))
        XCTAssertFalse(library.remove(key: "k1"))
        XCTAssertEqual(library.entries.map(\.key), ["k2"])
    }

    func testSortOrders() {
        let library = Library(entries: [
            entry("a", "beta", author: "Zola", added: 1, opened: 10, progress: 0.2),
            entry("b", "Alpha", author: "Austen", added: 2, opened: nil, progress: 0.9),
            entry("c", "Émile", author: "Balzac", added: 3, opened: 20, progress: 0.5),
            entry("d", "delta", author: "Austen", added: 4, opened: nil, progress: 0),
        ])
        XCTAssertEqual(library.sorted(by: .recent).map(\.key), ["c", "a", "d", "b"], "opened newest first, then added newest first")
        XCTAssertEqual(library.sorted(by: .title).map(\.key), ["b", "a", "d", "c"], "case and accents ignored")
        XCTAssertEqual(library.sorted(by: .author).map(\.key), ["b", "d", "c", "a"], "then by title")
        XCTAssertEqual(library.sorted(by: .progress).map(\.key), ["b", "c", "a", "d"])
        XCTAssertEqual(LibrarySort.recent.next, .title)
        XCTAssertEqual(LibrarySort.progress.next, .recent)
    }

    func testFilterMatchesTitleOrAuthorIgnoringCaseAndAccents() {
        let e = entry("a", "Les Misérables", author: "Victor Hugo")
        XCTAssertTrue(Library.matches(e, query: "miser"))
        XCTAssertTrue(Library.matches(e, query: "hugo"))
        XCTAssertTrue(Library.matches(e, query: ""))
        XCTAssertFalse(Library.matches(e, query: "tolstoy"))
    }

    func testTheStoreRoundTripsThroughJSONAndSetsADamagedFileAside() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-library-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = LibraryStore(stateFolder: folder.path)
        XCTAssertEqual(store.load().library, Library())
        try store.update { $0.add(entry("k1", "One\u{1B}[31m", progress: 0.5)) }
        XCTAssertEqual(store.filePath, folder.path + "/library/library.json")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: store.filePath))) as? [String: Any]
        XCTAssertEqual((json?["entries"] as? [[String: Any]])?.first?["key"] as? String, "k1")
        let loaded = store.load()
        XCTAssertNil(loaded.warning)
        XCTAssertEqual(loaded.library.entries.count, 1)
        XCTAssertFalse(loaded.library.entries[0].title.contains("\u{1B}"), "titles are sanitised on load")
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: store.filePath))
        let damaged = store.load()
        XCTAssertEqual(damaged.library, Library())
        XCTAssertNotNil(damaged.warning)
        XCTAssertTrue(FileManager.default.fileExists(atPath: store.filePath + ".corrupt"))
        try store.update { $0.add(entry("k2", "Two")) }
        XCTAssertEqual(store.load().library.entries.map(\.key), ["k2"])
    }
}
