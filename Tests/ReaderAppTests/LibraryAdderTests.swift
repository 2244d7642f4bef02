import BookFormats
import Foundation
import ReaderState
import TestSupport
import XCTest
@testable import ReaderApp

/// `reader add`'s work on a folder of generated books: counts, metadata, metadata only,
/// moved files found again by content hash.
final class LibraryAdderTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-add-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    var books: URL { folder.appendingPathComponent("books") }
    var store: LibraryStore { LibraryStore(stateFolder: folder.appendingPathComponent("state").path) }

    func testAddsEveryBookRecursivelyAndSkipsTheRest() throws {
        try GeneratedBooks.writeLibrary(in: books, count: 30)
        try Data("cover".utf8).write(to: books.appendingPathComponent("shelf-1/cover.jpg"))
        try Data("PK not a zip".utf8).write(to: books.appendingPathComponent("shelf-2/broken.epub"))
        try Data("hidden".utf8).write(to: books.appendingPathComponent(".hidden.txt"))
        var calls = 0
        let report = try LibraryAdder(store: store).add(LibraryScan.scan([books.path])) { done, total in
            calls += 1
            XCTAssertEqual(total, 31)
            XCTAssertLessThanOrEqual(done, total)
        }
        XCTAssertEqual(calls, 31)
        XCTAssertEqual(report.added, 30)
        XCTAssertEqual(report.updated, 0)
        XCTAssertEqual(report.skipped.map { ($0.path as NSString).lastPathComponent }, ["cover.jpg", "broken.epub"])
        let library = store.load().library
        XCTAssertEqual(library.entries.count, 30)
        let epub = try XCTUnwrap(library.entries.first { $0.path.hasSuffix("/book-4.epub") })
        XCTAssertEqual(epub.title, "Book 4")
        XCTAssertEqual(epub.authors, ["Author 4"])
        XCTAssertEqual(epub.language, "en")
        XCTAssertEqual(epub.format, "epub")
        XCTAssertNil(epub.lastOpened)
        let txt = try XCTUnwrap(library.entries.first { $0.path.hasSuffix("/book-5.txt") })
        XCTAssertEqual(txt.title, "Book 5")
        XCTAssertEqual(txt.authors, ["Author 5"])
        XCTAssertEqual(txt.key, ContentHash.ofFile(txt.path))
    }

    func testEveryFormatIsABookFileByName() throws {
        try FileManager.default.createDirectory(at: books, withIntermediateDirectories: true)
        let names = ["a.fb2", "b.FB2.ZIP", "c.mobi", "d.azw3", "e.azw", "f.prc", "g.pdb", "h.html", "i.htm", "j.xhtml",
                     "k.md", "l.markdown", "m.epub", "n.txt"]
        for n in names + ["o.zip", "p.jpg"] { try Data("x".utf8).write(to: books.appendingPathComponent(n)) }
        let found = LibraryScan.scan([books.path])
        XCTAssertEqual(found.books.map { ($0 as NSString).lastPathComponent }, names.sorted())
        XCTAssertEqual(found.others.map { ($0 as NSString).lastPathComponent }, ["o.zip", "p.jpg"])
    }

    func testAMarkdownBookGetsItsMetadataAndFormat() throws {
        try FileManager.default.createDirectory(at: books, withIntermediateDirectories: true)
        let path = books.appendingPathComponent("notes.md")
        try Data("---\ntitle: Harbour Notes\nauthor: Cleo Dunn\n---\n# One\n\nText.\n".utf8).write(to: path)
        let report = try LibraryAdder(store: store).add(LibraryScan.scan([books.path]))
        XCTAssertEqual(report.added, 1)
        let entry = try XCTUnwrap(store.load().library.entries.first)
        XCTAssertEqual(entry.title, "Harbour Notes")
        XCTAssertEqual(entry.authors, ["Cleo Dunn"])
        XCTAssertEqual(entry.format, "markdown")
    }

    func testOnlyTheMetadataIsRead() throws {
        // The chapter is not in the zip: a whole-book parse fails, the metadata is there.
        let path = folder.appendingPathComponent("odd.epub").path
        try GeneratedBooks.writeEPUB(path, title: "Only Metadata", author: "Nobody", withoutChapter: true)
        XCTAssertThrowsError(try BookLoader.load(path: path))
        let report = try LibraryAdder(store: store).add(LibraryScan.scan([path]))
        XCTAssertEqual(report.added, 1)
        XCTAssertEqual(store.load().library.entries.first?.title, "Only Metadata")
    }

    func testAMovedFileIsFoundAgainByItsContent() throws {
        let old = folder.appendingPathComponent("a/book.epub"), new = folder.appendingPathComponent("b/renamed.epub")
        try FileManager.default.createDirectory(at: old.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: new.deletingLastPathComponent(), withIntermediateDirectories: true)
        try GeneratedBooks.writeEPUB(old.path, title: "Moving", author: "Someone")
        let adder = LibraryAdder(store: store)
        XCTAssertEqual(try adder.add(LibraryScan.scan([folder.path])).added, 1)
        try store.update { $0.setProgress(key: $0.entries[0].key, 0.5, at: 7) }
        try FileManager.default.moveItem(at: old, to: new)
        XCTAssertTrue(ShelfLoop.missingKeys(store.load().library.entries).count == 1, "missing before it is re-added")
        let report = try adder.add(LibraryScan.scan([folder.path]))
        XCTAssertEqual(report.added, 0)
        XCTAssertEqual(report.updated, 1)
        let entries = store.load().library.entries
        XCTAssertEqual(entries.map(\.path), [new.path])
        XCTAssertEqual(entries[0].progress, 0.5, "the progress stays with the book")
        XCTAssertEqual(try adder.add(LibraryScan.scan([folder.path])).unchanged, 1, "adding again changes nothing")
    }
}
