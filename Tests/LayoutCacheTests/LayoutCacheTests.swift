import Foundation
import XCTest
import TextContent
import TextLayout
@testable import LayoutCache
import TestSupport

final class LayoutCacheTests: XCTestCase {
    var folder: URL!
    var cache: LayoutCache!

    override func setUp() {
        folder = Fixtures.temporaryFolder(name)
        cache = LayoutCache(folder: folder.path)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    let options = LayoutOptions(width: 40, firstLineIndent: 2)
    let bookKey = "00000000deadbeef-10"

    func storeBook(_ content: TextContent, key: String? = nil, options: LayoutOptions? = nil) throws -> [LineCollection] {
        let o = options ?? self.options
        let chapters = BookLayoutBuilder.layoutChapters(of: content, options: o)
        try cache.store(bookKey: key ?? bookKey, options: o, content: content, chapters: chapters)
        return chapters
    }

    func path(_ key: String? = nil, options: LayoutOptions? = nil) -> String {
        cache.path(for: LayoutCacheKey(bookKey: key ?? bookKey, options: options ?? self.options))
    }

    func fileBytes(_ key: String? = nil, options: LayoutOptions? = nil) -> [UInt8] {
        Array(FileManager.default.contents(atPath: path(key, options: options)) ?? Data())
    }

    func writeFile(_ bytes: [UInt8]) {
        _ = FileManager.default.createFile(atPath: path(), contents: Data(bytes))
    }

    func fileExists() -> Bool { FileManager.default.fileExists(atPath: path()) }

    func header(_ bytes: [UInt8]) throws -> CacheFileFormat.Header {
        let identity = Array(LayoutCacheKey(bookKey: bookKey, options: options).identity.utf8)
        return try bytes.withUnsafeBytes { try CacheFileFormat.parseHeader($0, expectedIdentity: identity) }
    }

    // MARK: Round trip

    func testRoundTripAllChapters() throws {
        let content = Fixtures.book()
        let chapters = try storeBook(content)
        let loaded = try XCTUnwrap(cache.open(bookKey: bookKey, options: options, content: content))
        XCTAssertEqual(loaded.chapterCount, content.chapters.count)
        XCTAssertEqual(loaded.totalLineCount, chapters.reduce(0) { $0 + $1.count })
        XCTAssertEqual(loaded.textByteCount, content.bytes.count)
        for (i, lines) in chapters.enumerated() {
            XCTAssertEqual(loaded.lineCount(chapter: i), lines.count)
            XCTAssertEqual(loaded.chapterRange(i), content.chapters[i].range)
            XCTAssertEqual(loaded.lines(chapter: i), lines, "chapter \(i)")
            // Equal to a fresh layout too: what the pager would compute itself.
            XCTAssertEqual(loaded.lines(chapter: i), TextLayout.layout(content, range: content.chapters[i].range, options: options))
        }
        XCTAssertNil(loaded.lines(chapter: chapters.count))
    }

    /// Laying out while storing (each chapter encoded and dropped) writes the very file
    /// that storing the whole book's lines at once writes, for books of one to many chapters.
    func testStoreLayingOutWritesTheSameFile() throws {
        for (chapters, seed) in [(1, UInt64(3)), (6, 1), (40, 7)] {
            let content = Fixtures.book(chapters: chapters, paragraphs: 5, seed: seed)
            _ = try storeBook(content)
            let whole = fileBytes()
            cache.remove(LayoutCacheKey(bookKey: bookKey, options: options))
            XCTAssertFalse(fileExists())
            let result = try cache.store(bookKey: bookKey, options: options, layingOut: content)
            XCTAssertEqual(fileBytes(), whole, "\(chapters) chapters")
            XCTAssertEqual(result.bytes, whole.count)
            XCTAssertEqual(result.lines, BookLayoutBuilder.layoutChapters(of: content, options: options).reduce(0) { $0 + $1.count })
        }
    }

    func testOtherOptionsEngineUnicodeOrBookAreMisses() throws {
        _ = try storeBook(Fixtures.book())
        XCTAssertNil(cache.open(bookKey: bookKey, options: LayoutOptions(width: 41, firstLineIndent: 2)))
        XCTAssertNil(cache.open(bookKey: "00000000deadbeef-11", options: options))
        XCTAssertNil(cache.open(LayoutCacheKey(bookKey: bookKey, options: options, engineVersion: TextLayout.engineVersion + 1)))
        XCTAssertNil(cache.open(LayoutCacheKey(bookKey: bookKey, options: options, unicodeVersion: "0.0.0")))
        XCTAssertNil(cache.open(LayoutCacheKey(bookKey: bookKey, options: options, dictionaryVersion: "0.0")))
        XCTAssertNotNil(cache.open(bookKey: bookKey, options: options))
    }

    func testDifferentTextUnderTheSameKeyIsRejected() throws {
        // The same file parsed differently (a parser change): the text digest differs.
        _ = try storeBook(Fixtures.book(seed: 1))
        XCTAssertNil(cache.open(bookKey: bookKey, options: options, content: Fixtures.book(seed: 2)))
        XCTAssertFalse(fileExists(), "the stale file is removed")
    }

    func testStoreRejectsChaptersOfAnotherBookOrOptions() {
        let content = Fixtures.book()
        let chapters = BookLayoutBuilder.layoutChapters(of: content, options: options)
        XCTAssertThrowsError(try cache.store(bookKey: bookKey, options: options, content: content, chapters: Array(chapters.dropLast())))
        XCTAssertThrowsError(try cache.store(bookKey: bookKey, options: LayoutOptions(width: 39), content: content, chapters: chapters))
        XCTAssertFalse(fileExists())
    }

    func testEmptyBook() throws {
        var builder = TextContentBuilder(metadata: BookMetadata(title: "", format: .txt))
        let content = builder.finish()
        _ = try storeBook(content)
        let loaded = try XCTUnwrap(cache.open(bookKey: bookKey, options: options, content: content))
        XCTAssertEqual(loaded.chapterCount, content.chapters.count)
        XCTAssertEqual(loaded.totalLineCount, 0)
        XCTAssertNil(loaded.location(atFraction: 0.5))
        XCTAssertNil(loaded.location(ofGlobalLine: 0))
    }

    // MARK: Lookups

    func testLocationsAndFractions() throws {
        let content = Fixtures.book(chapters: 9)
        let chapters = try storeBook(content)
        XCTAssertEqual(chapters[2].count, 1, "chapter 3 is a lone heading")
        let loaded = try XCTUnwrap(cache.open(bookKey: bookKey, options: options))
        var global = 0
        for (c, lines) in chapters.enumerated() {
            XCTAssertEqual(loaded.firstLine(chapter: c), global)
            for l in 0..<lines.count {
                let loc = try XCTUnwrap(loaded.location(ofGlobalLine: global))
                XCTAssertEqual(loc.chapter, c)
                XCTAssertEqual(loc.line, l)
                XCTAssertEqual(loaded.globalLine(chapter: c, line: l), global)
                global += 1
            }
            XCTAssertEqual(loaded.chapterIndex(containing: content.chapters[c].range.lowerBound), c)
        }
        XCTAssertEqual(loaded.location(atFraction: 0)?.chapter, 0)
        XCTAssertEqual(loaded.location(atFraction: 0)?.line, 0)
        let last = try XCTUnwrap(loaded.location(atFraction: 1))
        XCTAssertEqual(last.chapter, chapters.count - 1)
        XCTAssertEqual(last.line, chapters.last!.count - 1)
        let mid = try XCTUnwrap(loaded.location(atFraction: 0.42))
        XCTAssertEqual(loaded.globalLine(chapter: mid.chapter, line: mid.line), Int(0.42 * Double(global)))
        XCTAssertEqual(loaded.fraction(chapter: mid.chapter, line: mid.line), Double(Int(0.42 * Double(global))) / Double(global))
    }

    func testChapterLookupDoesNotDecodeOtherChapters() throws {
        let content = Fixtures.book(chapters: 5)
        let chapters = try storeBook(content)
        var bytes = fileBytes()
        // Damage chapter 3's blob only: the header and table stay valid.
        let e = try header(bytes).chapters[3]
        bytes[e.blobOffset + e.blobLength / 2] ^= 0xFF
        writeFile(bytes)
        let loaded = try XCTUnwrap(cache.open(bookKey: bookKey, options: options))
        // Counts of every chapter come from the table, the damaged one included.
        for i in 0..<chapters.count { XCTAssertEqual(loaded.lineCount(chapter: i), chapters[i].count) }
        // Other chapters decode: loading chapter 1 never touches chapter 3.
        XCTAssertEqual(loaded.lines(chapter: 1), chapters[1])
        XCTAssertEqual(loaded.lines(chapter: 4), chapters[4])
        // The damaged chapter is refused (never shown wrong) and the file dropped.
        XCTAssertNil(loaded.lines(chapter: 3))
        XCTAssertFalse(fileExists())
    }

    // MARK: Damaged files

    func assertRejectedAndReplaced(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws {
        let content = Fixtures.book(chapters: 3)
        writeFile(bytes)
        XCTAssertNil(cache.open(bookKey: bookKey, options: options, content: content), file: file, line: line)
        XCTAssertFalse(fileExists(), "a rejected file is removed", file: file, line: line)
        let chapters = try storeBook(content)
        let loaded = try XCTUnwrap(cache.open(bookKey: bookKey, options: options, content: content), file: file, line: line)
        XCTAssertEqual(loaded.lines(chapter: 1), chapters[1], file: file, line: line)
    }

    func testTruncatedFilesAreRejectedAndReplaced() throws {
        let content = Fixtures.book(chapters: 3)
        _ = try storeBook(content)
        let good = fileBytes()
        for n in stride(from: 0, to: good.count, by: max(1, good.count / 97)) {
            writeFile(Array(good[0..<n]))
            XCTAssertNil(cache.open(bookKey: bookKey, options: options, content: content), "truncated to \(n)")
            XCTAssertFalse(fileExists())
        }
        try assertRejectedAndReplaced(Array(good.dropLast()))
        try assertRejectedAndReplaced(good + [0])
    }

    func testCorruptedBytesNeverGiveWrongLines() throws {
        let content = Fixtures.book(chapters: 3)
        let fresh = try storeBook(content)
        let good = fileBytes()
        var opened = 0
        // Every byte of the header and table and of the first blob, then a sample of the rest.
        let dense = try header(good).chapters[1].blobOffset
        for i in Array(0..<dense) + Array(stride(from: dense, to: good.count, by: 7)) {
            var bad = good
            bad[i] ^= UInt8(1 << (i % 8))
            writeFile(bad)
            if let loaded = cache.open(bookKey: bookKey, options: options, content: content) {
                opened += 1
                var refused = 0
                for c in 0..<loaded.chapterCount {
                    if let l = loaded.lines(chapter: c) { XCTAssertEqual(l, fresh[c], "byte \(i)") } else { refused += 1 }
                }
                XCTAssertEqual(refused, 1, "byte \(i): the damaged chapter is refused")
            }
        }
        XCTAssertGreaterThan(opened, 0, "damage inside a blob leaves the header usable")
        var bad = good
        bad[20] ^= 1
        try assertRejectedAndReplaced(bad)
    }

    func testForeignAndOldVersionFilesAreRejectedAndReplaced() throws {
        try assertRejectedAndReplaced(Array("this is not a cache file at all, just some text\n".utf8))
        try assertRejectedAndReplaced([])
        try assertRejectedAndReplaced([UInt8](repeating: 0, count: 4096))
        var old = fileBytes()
        old[4] = 0  // container format version 0
        try assertRejectedAndReplaced(old)
        // A file of another book copied to this name.
        _ = try storeBook(Fixtures.book(chapters: 3), key: "1111111111111111-10")
        try assertRejectedAndReplaced(fileBytes("1111111111111111-10"))
    }

    func testOldCodecVersionInsideAValidHeaderIsRefused() throws {
        _ = try storeBook(Fixtures.book(chapters: 3))
        var bytes = fileBytes()
        bytes[try header(bytes).chapters[0].blobOffset + 4] = 1  // codec format 1 (column-wise)
        writeFile(bytes)
        let loaded = try XCTUnwrap(cache.open(bookKey: bookKey, options: options))
        XCTAssertNil(loaded.lines(chapter: 0))
    }

    // MARK: Concurrency

    func testConcurrentStoresOfTheSameKeyNeverCorrupt() throws {
        let content = Fixtures.book(chapters: 8, paragraphs: 30)
        let expected = BookLayoutBuilder.layoutChapters(of: content, options: options)
        let cache = self.cache!, options = self.options, bookKey = self.bookKey
        let failures = Counter(), hits = Counter()
        DispatchQueue.concurrentPerform(iterations: 24) { i in
            if i % 3 == 2 {
                // Readers racing the writers see a miss or a whole, correct file.
                for _ in 0..<5 {
                    if let l = cache.open(bookKey: bookKey, options: options, content: content) {
                        hits.add()
                        for c in 0..<l.chapterCount where l.lines(chapter: c) != expected[c] { failures.add() }
                    }
                }
            } else {
                let chapters = BookLayoutBuilder.layoutChapters(of: content, options: options)
                do { try cache.store(bookKey: bookKey, options: options, content: content, chapters: chapters) } catch { failures.add() }
            }
        }
        XCTAssertEqual(failures.value, 0)
        let loaded = try XCTUnwrap(cache.open(bookKey: bookKey, options: options, content: content))
        for c in 0..<expected.count { XCTAssertEqual(loaded.lines(chapter: c), expected[c]) }
        // Only the cache file remains: no temporary file left behind.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [LayoutCacheKey(bookKey: bookKey, options: options).fileName])
    }

    func testConcurrentStoresFromSeveralProcesses() throws {
        // Separate processes of `reader cache build`: the CLI test in Tools/bench runs
        // them; here child processes are this test binary re-run on the helper below.
        guard let helper = ProcessInfo.processInfo.environment["LAYOUT_CACHE_TEST_HELPER_FOLDER"] else {
            let content = Fixtures.book(chapters: 6, paragraphs: 40)
            let expected = BookLayoutBuilder.layoutChapters(of: content, options: options)
            let children = (0..<4).compactMap { _ in spawnSelf(folder: folder.path) }
            guard !children.isEmpty else { throw XCTSkip("cannot re-run the test binary") }
            for p in children { p.waitUntilExit(); XCTAssertEqual(p.terminationStatus, 0) }
            let loaded = try XCTUnwrap(cache.open(bookKey: bookKey, options: options, content: content))
            for c in 0..<expected.count { XCTAssertEqual(loaded.lines(chapter: c), expected[c]) }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).count, 1)
            return
        }
        // In a child: store the same key many times.
        let mine = LayoutCache(folder: URL(fileURLWithPath: helper, isDirectory: true).path)
        let content = Fixtures.book(chapters: 6, paragraphs: 40)
        let chapters = BookLayoutBuilder.layoutChapters(of: content, options: options)
        for _ in 0..<20 { try mine.store(bookKey: bookKey, options: options, content: content, chapters: chapters) }
    }

    /// Starts this test binary running only `testConcurrentStoresFromSeveralProcesses` as a helper.
    func spawnSelf(folder: String) -> Process? {
        let args = CommandLine.arguments
        guard let exe = args.first, FileManager.default.isExecutableFile(atPath: exe) else { return nil }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        // swift-corelibs-xctest accepts a test name filter as the argument.
        p.arguments = ["LayoutCacheTests.LayoutCacheTests/testConcurrentStoresFromSeveralProcesses"]
        var env = ProcessInfo.processInfo.environment
        env["LAYOUT_CACHE_TEST_HELPER_FOLDER"] = folder
        p.environment = env
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return nil }
        return p
    }

    // MARK: Eviction

    func testEvictionKeepsTheLimitInLeastRecentlyUsedOrder() throws {
        let content = Fixtures.book(chapters: 4)
        var keys: [String] = []
        for i in 0..<6 {
            let key = "000000000000000\(i + 1)-10"
            keys.append(key)
            _ = try storeBook(content, key: key)
            // Deterministic use times, not the wall clock: file i was used at second 1000 + i.
            CacheFiles.setModified(path(key), nanoseconds: Int64(1000 + i) * 1_000_000_000)
        }
        let size = fileBytes(keys[0]).count
        XCTAssertEqual(cache.stats(), LayoutCache.Stats(entries: 6, totalBytes: 6 * size, books: 6))
        // Opening file 0 makes it the most recently used.
        XCTAssertNotNil(cache.open(bookKey: keys[0], options: options))
        // Room for 4 files: storing a 7th evicts the three least recently used (1, 2, 3).
        cache.maxBytes = 4 * size + size / 2
        let newKey = "00000000000000ff-10"
        let result = try cache.store(bookKey: newKey, options: options, content: content,
                                     chapters: BookLayoutBuilder.layoutChapters(of: content, options: options))
        XCTAssertEqual(result.evicted, 3)
        let stats = cache.stats()
        XCTAssertLessThanOrEqual(stats.totalBytes, cache.maxBytes)
        XCTAssertEqual(stats.entries, 4)
        for (i, key) in keys.enumerated() {
            XCTAssertEqual(FileManager.default.fileExists(atPath: path(key)), [0, 4, 5].contains(i), "file \(i)")
        }
        XCTAssertNotNil(cache.open(bookKey: newKey, options: options))
    }

    func testTheFileJustWrittenIsKeptEvenOverTheLimit() throws {
        cache.maxBytes = 10
        _ = try storeBook(Fixtures.book(chapters: 2), key: "0000000000000001-1")
        _ = try storeBook(Fixtures.book(chapters: 2), key: "0000000000000002-1")
        XCTAssertEqual(cache.stats().entries, 1)
        XCTAssertNotNil(cache.open(bookKey: "0000000000000002-1", options: options))
    }

    func testStaleTemporaryFilesAreCleanedUp() throws {
        let stale = folder.path + "/.x.rlc.1.2.tmp", fresh = folder.path + "/.y.rlc.1.2.tmp"
        _ = FileManager.default.createFile(atPath: stale, contents: Data([1, 2, 3]))
        _ = FileManager.default.createFile(atPath: fresh, contents: Data([1, 2, 3]))
        CacheFiles.setModified(stale, nanoseconds: 1_000_000_000)
        cache.evict()
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale))
        XCTAssertTrue(FileManager.default.fileExists(atPath: fresh), "a writer may still be busy with it")
    }

    func testClearAndStats() throws {
        _ = try storeBook(Fixtures.book(chapters: 2), key: "0000000000000001-1")
        _ = try storeBook(Fixtures.book(chapters: 2), key: "0000000000000001-1", options: LayoutOptions(width: 60))
        XCTAssertEqual(cache.stats().books, 1)
        XCTAssertEqual(cache.stats().entries, 2)
        XCTAssertEqual(cache.clear().files, 2)
        XCTAssertEqual(cache.stats().entries, 0)
    }

    // MARK: Size

    func testCompactness() throws {
        // Novel-like paragraphs: under 4 bytes a line on disk, header and table included.
        var b = TextContentBuilder(metadata: BookMetadata(title: "", format: .txt))
        var rng = Fixtures.SplitMix(state: 9)
        let latin = Fixtures.words.filter { $0.unicodeScalars.allSatisfy(\.isASCII) }
        for c in 0..<20 {
            b.beginChapter(title: "\(c)", source: "@\(c)")
            for _ in 0..<40 {
                b.beginBlock(.paragraph)
                b.append((0..<(20 + rng.below(150))).map { _ in latin[rng.below(latin.count)] }.joined(separator: " "))
            }
        }
        let content = b.finish()
        for width in [40, 80, 200] {
            let o = LayoutOptions(width: width)
            let chapters = try storeBook(content, options: o)
            let lines = chapters.reduce(0) { $0 + $1.count }
            let perLine = Double(fileBytes(options: o).count) / Double(lines)
            XCTAssertLessThanOrEqual(perLine, 4.0, "width \(width): \(perLine) bytes a line")
        }
    }

    func testSizeLimitParsing() {
        XCTAssertEqual(CacheSizeLimit.parse("500M"), 500 << 20)
        XCTAssertEqual(CacheSizeLimit.parse("1G"), 1 << 30)
        XCTAssertEqual(CacheSizeLimit.parse("64k"), 64 << 10)
        XCTAssertEqual(CacheSizeLimit.parse("2MiB"), 2 << 20)
        XCTAssertEqual(CacheSizeLimit.parse("12345"), 12345)
        XCTAssertEqual(CacheSizeLimit.parse("0"), 0)
        XCTAssertNil(CacheSizeLimit.parse("lots"))
        XCTAssertNil(CacheSizeLimit.parse("-1M"))
        XCTAssertNil(CacheSizeLimit.parse(""))
    }
}

/// A thread-safe counter for the concurrency tests.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func add() { lock.lock(); n += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return n }
}
