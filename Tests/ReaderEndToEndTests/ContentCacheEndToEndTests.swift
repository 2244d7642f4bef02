import Foundation
import XCTest

/// The parsed-book cache through the real binary (issue #20): `cache build` writes it and
/// `dump` then parses nothing; `info` and pipe mode fill it; a damaged file is ignored and
/// rewritten; a changed book is parsed again; `cache stats`, `clear` and `verify` count it.
/// Whether a command parsed the book or read it from the cache is the `READER_STATS=1`
/// line `reader: stats: content parsed|cached`.
final class ContentCacheEndToEndTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-content-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    func fixture(_ path: String) -> String { TmuxSessionTests.fixtures.appendingPathComponent(path).path }

    var contentFolder: URL { folder.appendingPathComponent("cache/reader/content") }

    /// The `.rtc` files of the content cache.
    func contentFiles() -> [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: contentFolder, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "rtc" }
    }

    /// Every file under the test's folder, as paths relative to it.
    func filesWritten() -> [String] {
        let root = folder.resolvingSymlinksInPath().path + "/"
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        return (walker?.allObjects as? [URL] ?? []).filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true }
            .map { String($0.resolvingSymlinksInPath().path.dropFirst(root.count)) }.sorted()
    }

    /// `reader ARGS` with this test's XDG folders (kept between runs) and `READER_STATS=1`.
    func run(_ args: [String], file: StaticString = #filePath, line: UInt = #line) throws -> ReaderRun.Outcome {
        let env = ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
                   "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
                   "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
                   "READER_STATS": "1", "PATH": "/usr/bin:/bin"]
        let outcome = try ReaderRun.run(TmuxSessionTests.binary, args, environment: env)
        XCTAssertEqual(outcome.status, 0, outcome.stderr, file: file, line: line)
        return outcome
    }

    /// Whether the run parsed the book (true) or read it from the content cache (false).
    func parsed(_ outcome: ReaderRun.Outcome, file: StaticString = #filePath, line: UInt = #line) -> Bool? {
        if outcome.stderr.contains("reader: stats: content parsed") { return true }
        if outcome.stderr.contains("reader: stats: content cached") { return false }
        XCTFail("no content line in \(outcome.stderr)", file: file, line: line)
        return nil
    }

    func testADumpAfterCacheBuildParsesNothing() throws {
        let book = fixture("epub/epub2-ncx.epub")
        let reference = try ReaderRun.reader(["dump", "--width", "60", book])
        XCTAssertFalse(reference.stdout.isEmpty)
        let build = try run(["cache", "build", "--width", "60", "--width", "100", book])
        XCTAssertTrue(build.stdout.contains("1 parsed book written to the content cache"), "once per book, not per width: \(build.stdout)")
        XCTAssertEqual(contentFiles().count, 1)
        let dump = try run(["dump", "--width", "60", book])
        XCTAssertEqual(parsed(dump), false, "the parse came from the content cache")
        XCTAssertEqual(dump.stdout, reference.stdout)
        let offset = try run(["dump", "--width", "100", "--offset", "200", "--lines", "5", book])
        XCTAssertEqual(parsed(offset), false)
        XCTAssertEqual(offset.stdout.split(separator: "\n", omittingEmptySubsequences: false).count, 6, offset.stdout)
    }

    func testABuildKeepsACachedParseAndForceParsesAgain() throws {
        let book = fixture("sample/sample.txt")
        _ = try run(["info", book])
        let kept = try run(["cache", "build", book])
        XCTAssertTrue(kept.stdout.contains("0 parsed books written to the content cache, 0 B; 1 already there"), kept.stdout)
        let forced = try run(["cache", "build", "--force", book])
        XCTAssertTrue(forced.stdout.contains("1 parsed book written to the content cache"), forced.stdout)
    }

    func testInfoFillsTheContentCache() throws {
        let book = fixture("epub/epub2-ncx.epub")
        let first = try run(["info", "--json", book])
        XCTAssertEqual(parsed(first), true)
        XCTAssertEqual(contentFiles().count, 1, "info stored the parse")
        let second = try run(["info", "--json", book])
        XCTAssertEqual(parsed(second), false)
        XCTAssertEqual(second.stdout, first.stdout, "the same output from the cached parse")
        // The remembered book key (cache/reader/keys/) is kept only for a file unchanged for
        // two seconds, so whether it is there depends on the fixture's age: left out here.
        let files = filesWritten().filter { !$0.hasPrefix("cache/reader/keys/") }
        XCTAssertEqual(files.count, 1, "\(files)")
        XCTAssertTrue(files.allSatisfy { $0.hasPrefix("cache/reader/content/") && $0.hasSuffix(".rtc") },
                      "nothing written outside the content cache and the remembered keys: \(files)")
    }

    func testPipeModeFillsTheContentCache() throws {
        let book = fixture("txt/en_utf8_lf.txt")
        let first = try run([book])
        XCTAssertEqual(parsed(first), true)
        XCTAssertFalse(first.stdout.isEmpty)
        XCTAssertEqual(contentFiles().count, 1, "piping stored the parse")
        let second = try run([book])
        XCTAssertEqual(parsed(second), false)
        XCTAssertEqual(second.stdout, first.stdout)
        XCTAssertEqual(second.stdout, try ReaderRun.reader(["dump", book]).stdout, "piping prints what dump prints")
        let files = filesWritten()
        XCTAssertTrue(files.allSatisfy { file in ["content/", "layout/", "keys/"].contains { file.hasPrefix("cache/reader/" + $0) } },
                      "nothing written outside the caches (no state, no library): \(files)")
        XCTAssertEqual(files.filter { $0.hasSuffix(".rlc") }.count, 1, "the whole book was printed: its layout is stored, as dump does")
    }

    func testADamagedContentFileIsIgnoredAndRewritten() throws {
        let book = fixture("epub/epub2-ncx.epub")
        let reference = try run(["dump", book])
        let file = try XCTUnwrap(contentFiles().first)
        var bytes = try Data(contentsOf: file)
        for i in stride(from: bytes.count / 3, to: bytes.count / 3 + 16, by: 1) { bytes[i] ^= 0x5A }
        try bytes.write(to: file)
        let damaged = try run(["dump", book])
        XCTAssertEqual(parsed(damaged), true, "a damaged file is a miss")
        XCTAssertEqual(damaged.stdout, reference.stdout)
        XCTAssertNotEqual(try Data(contentsOf: file), bytes, "and it is rewritten")
        let again = try run(["dump", book])
        XCTAssertEqual(parsed(again), false, "the rewritten file is good")
        XCTAssertEqual(again.stdout, reference.stdout)
    }

    func testAChangedBookIsParsedAgain() throws {
        let book = folder.appendingPathComponent("book.txt")
        try Data("Chapter 1\n\nThe first text of the book.\n".utf8).write(to: book)
        _ = try run(["cache", "build", book.path])
        XCTAssertTrue(try run(["dump", book.path]).stdout.contains("The first text"))
        try Data("Chapter 1\n\nA second text, written over the first.\n".utf8).write(to: book)
        let changed = try run(["dump", book.path])
        XCTAssertEqual(parsed(changed), true, "another file hash: the cached parse is not used")
        XCTAssertTrue(changed.stdout.contains("A second text"), changed.stdout)
        XCTAssertFalse(changed.stdout.contains("The first text"))
        XCTAssertEqual(contentFiles().count, 2, "one file per content hash")
    }

    func testStatsClearAndVerifyCountTheContentCache() throws {
        let book = fixture("epub/epub2-ncx.epub")
        let empty = try run(["cache", "stats"])
        XCTAssertTrue(empty.stdout.contains("Parsed:   0 books"), empty.stdout)
        _ = try run(["cache", "build", book])
        let stats = try run(["cache", "stats"])
        XCTAssertTrue(stats.stdout.contains("Parsed:   1 book, "), stats.stdout)
        XCTAssertTrue(stats.stdout.contains("Content:  \(contentFolder.path)\n"), stats.stdout)
        let verify = try run(["cache", "verify", book])
        XCTAssertTrue(verify.stdout.hasPrefix("ok    content  "), verify.stdout)
        let clear = try run(["cache", "clear"])
        XCTAssertTrue(clear.stdout.contains("removed 1 parsed book ("), clear.stdout)
        XCTAssertTrue(clear.stdout.contains("removed 1 layout cache file ("), clear.stdout)
        XCTAssertEqual(contentFiles().count, 0)
        let env = ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path, "PATH": "/usr/bin:/bin"]
        let missing = try ReaderRun.run(TmuxSessionTests.binary, ["cache", "verify", book], environment: env)
        XCTAssertEqual(missing.status, 4, "nothing cached any more")
        XCTAssertTrue(missing.stdout.contains("miss  content  "), missing.stdout)
    }
}
