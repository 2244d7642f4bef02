import Foundation
import XCTest

/// `reader add` and `reader list` as the binary runs them, on a temporary folder of books.
final class LibraryEndToEndTests: XCTestCase {
    var folder: URL!
    var environment: [String: String] { ["XDG_STATE_HOME": folder.appendingPathComponent("state").path,
                                         "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path, "PATH": "/usr/bin:/bin"] }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-library-e2e-\(UUID().uuidString)")
        let books = folder.appendingPathComponent("books/sub")
        try FileManager.default.createDirectory(at: books, withIntermediateDirectories: true)
        for name in ["epub/epub3-features.epub", "txt/en_utf8_lf.txt"] {
            let source = TmuxSessionTests.fixtures.appendingPathComponent(name)
            try FileManager.default.copyItem(at: source, to: books.appendingPathComponent(source.lastPathComponent))
        }
        try Data("x".utf8).write(to: books.appendingPathComponent("notes.odt"))
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    func reader(_ args: [String]) throws -> ReaderRun.Outcome {
        try ReaderRun.run(TmuxSessionTests.binary, args, environment: environment)
    }

    func testAddThenListAsJSONThenMoveAndAddAgain() throws {
        let add = try reader(["add", folder.appendingPathComponent("books").path])
        XCTAssertEqual(add.status, 0, add.stderr)
        XCTAssertEqual(add.stdout, "added 2, updated 0, skipped 1\n")
        XCTAssertTrue(add.stderr.contains("notes.odt: skipped: not a book"), add.stderr)
        XCTAssertFalse(add.stderr.contains("\r"), "no progress bar when stderr is not a terminal")
        let list = try reader(["list", "--json", "--sort", "title"])
        XCTAssertEqual(list.status, 0, list.stderr)
        let entries = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(entries.count, 2)
        XCTAssertEqual(entries.map { $0["missing"] as? Bool }, [false, false])
        XCTAssertEqual(Set(entries.map { $0["format"] as? String }), ["epub", "txt"])
        // Move one book: marked missing, then found again by its content when its new folder is added.
        let old = folder.appendingPathComponent("books/sub/epub3-features.epub")
        let new = folder.appendingPathComponent("moved/renamed.epub")
        try FileManager.default.createDirectory(at: new.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: old, to: new)
        XCTAssertTrue(try reader(["list"]).stdout.contains("missing"))
        let again = try reader(["add", new.deletingLastPathComponent().path])
        XCTAssertEqual(again.stdout, "added 0, updated 1, skipped 0\n")
        let table = try reader(["list"]).stdout
        XCTAssertTrue(table.contains(new.path), table)
        XCTAssertFalse(table.contains("missing"), table)
        XCTAssertEqual(table.split(separator: "\n").count, 2)
    }

    func testAddNeedsAFolderAndListTakesNoBook() throws {
        XCTAssertEqual(try reader(["add"]).status, 2)
        XCTAssertEqual(try reader(["list", "book.epub"]).status, 2)
        XCTAssertEqual(try reader(["list", "--sort", "size"]).status, 2)
        XCTAssertEqual(try reader(["list"]).stdout, "", "an empty library lists nothing")
    }

    func testABookReadWhenPipedIsNotRecordedButLastStillWorks() throws {
        let book = folder.appendingPathComponent("books/sub/en_utf8_lf.txt").path
        XCTAssertEqual(try reader([book]).status, 0)
        XCTAssertEqual(try reader(["list"]).stdout, "", "printing is not reading: not recorded")
        // Without a terminal, `reader -r` prints the last book (or the sample) as before.
        XCTAssertEqual(try reader(["-r"]).status, 0)
        XCTAssertEqual(try reader(["last"]).status, 0)
    }
}
