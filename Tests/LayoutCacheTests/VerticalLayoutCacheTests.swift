import Foundation
import XCTest
import TextContent
import TextLayout
@testable import LayoutCache
import TestSupport

/// Vertical columns in the layout cache (issue #23): stored and read back equal to a fresh
/// layout, keyed on the mode, the height, the readings and the book's structure; stale,
/// damaged and foreign files are misses and are removed.
final class VerticalLayoutCacheTests: XCTestCase {
    var folder: URL!
    var cache: LayoutCache!
    let bookKey = "00000000deadbeef-10"

    override func setUp() {
        folder = Fixtures.temporaryFolder(name)
        cache = LayoutCache(folder: folder.path)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Three chapters of Japanese with readings and an upright pair; chapter 2 is empty.
    static func book(reading: String = "わがはい") -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: "t", format: .epub))
        for c in 0..<4 {
            b.beginChapter(title: "第\(c + 1)章", source: "c\(c).xhtml")
            if c == 2 { continue }
            b.beginBlock(.heading)
            b.append("第\(c + 1)章")
            b.endBlock()
            for p in 0..<(3 + c) {
                b.beginBlock(.paragraph)
                _ = b.appendRuby(base: "吾輩", reading: reading)
                b.append("は猫である。名前は\(p)まだ無い。")
                let token = b.beginStyle(.upright)
                b.append("!?")
                b.endStyle(token)
                b.append(String(repeating: "どこで生れたかとんと見当がつかぬ。", count: p + 1))
                b.endBlock()
            }
        }
        return b.finish()
    }

    func key(_ content: TextContent, height: Int = 9, readings: Bool = true) -> VerticalLayoutKey {
        VerticalLayoutKey(bookKey: bookKey, height: height, readings: readings, content: content)
    }

    func path(_ key: VerticalLayoutKey) -> String { folder.path + "/" + key.fileName }

    @discardableResult
    func store(_ content: TextContent, height: Int = 9, readings: Bool = true) throws -> [[VerticalColumn]] {
        let chapters = VerticalBookBuilder.columns(of: content, height: height, readings: readings)
        try cache.storeVertical(key(content, height: height, readings: readings), content: content, chapters: chapters)
        return chapters
    }

    /// Stored a chapter at a time (the pager's background fill, `cache build`): each
    /// chapter's columns asked once, in order, and the file byte for byte the one written
    /// from the whole book's columns.
    func testStoringAChapterAtATimeWritesTheSameFile() throws {
        let content = Self.book()
        try store(content)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path(key(content))))
        try FileManager.default.removeItem(atPath: path(key(content)))
        var asked: [Int] = []
        let result = try cache.storeVertical(key(content), content: content) { chapter in
            asked.append(chapter)
            return VerticalBookBuilder.columns(ofChapter: chapter, in: content, height: 9, readings: true)
        }
        XCTAssertEqual(asked, [0, 1, 2, 3])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path(key(content)))), whole)
        let columns = VerticalBookBuilder.columns(of: content, height: 9, readings: true).reduce(0) { $0 + $1.count }
        XCTAssertEqual(result.lines, columns)
        XCTAssertEqual(result.bytes, whole.count)
    }

    func testRoundTripEqualsAFreshLayout() throws {
        let content = Self.book()
        for (height, readings) in [(9, true), (4, false), (23, true)] {
            let chapters = try store(content, height: height, readings: readings)
            let file = try XCTUnwrap(cache.openVertical(key(content, height: height, readings: readings), content: content))
            XCTAssertEqual(file.chapterCount, 4)
            XCTAssertEqual(file.columnCount(chapter: 2), 0, "the empty chapter")
            for c in 0..<4 {
                let fresh = VerticalPages.columns(ofChapter: c, in: content, height: height, readings: readings)
                XCTAssertEqual(chapters[c], fresh)
                XCTAssertEqual(file.columns(chapter: c, of: content), fresh, "height \(height), chapter \(c)")
            }
        }
        XCTAssertTrue(chaptersHaveReadings(content), "the fixture's columns carry readings")
    }

    private func chaptersHaveReadings(_ content: TextContent) -> Bool {
        VerticalPages.columns(ofChapter: 0, in: content, height: 9).flatMap(\.cells).contains(where: \.isReading)
    }

    /// The key names the mode: no vertical file answers for lines, nor a file of lines for
    /// columns, and another height or readings setting is another file.
    func testKeyedOnTheModeTheHeightAndTheReadings() throws {
        let content = Self.book()
        try store(content)
        let lines = LayoutCacheKey(bookKey: bookKey, options: LayoutOptions(width: 9))
        XCTAssertTrue(key(content).identity.hasPrefix("reader-vertical;"))
        XCTAssertTrue(lines.identity.hasPrefix("reader-layout;"))
        XCTAssertNotEqual(key(content).fileName, lines.fileName)
        XCTAssertNil(cache.open(lines, content: content))
        XCTAssertNil(cache.openVertical(key(content, height: 10), content: content))
        XCTAssertNil(cache.openVertical(key(content, readings: false), content: content))
        XCTAssertNotNil(cache.openVertical(key(content), content: content))
        // A file of lines renamed to the vertical key's name is foreign: refused and removed.
        try cache.store(lines, content: content, chapters: BookLayoutBuilder.layoutChapters(of: content, options: lines.options))
        try FileManager.default.removeItem(atPath: path(key(content)))
        try FileManager.default.moveItem(atPath: cache.path(for: lines), toPath: path(key(content)))
        XCTAssertNil(cache.openVertical(key(content), content: content))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path(key(content))))
    }

    /// The structure digest: other readings over the same text are another key (the text
    /// digest alone would not see them).
    func testAnotherStructureIsAnotherKey() throws {
        let a = Self.book(), b = Self.book(reading: "わがはいぞ")
        XCTAssertNotEqual(VerticalLayoutKey.structureDigest(of: a), VerticalLayoutKey.structureDigest(of: b))
        var upright = a
        upright.styles.removeAll { $0.style == .upright }
        XCTAssertNotEqual(VerticalLayoutKey.structureDigest(of: a), VerticalLayoutKey.structureDigest(of: upright))
        XCTAssertEqual(VerticalLayoutKey.structureDigest(of: a), VerticalLayoutKey.structureDigest(of: Self.book()))
    }

    func testOtherTextUnderTheSameKeyIsRejectedAndRemoved() throws {
        let content = Self.book()
        try store(content)
        var other = content
        other.bytes[other.bytes.count - 4] ^= 1
        XCTAssertNil(cache.openVertical(key(content), content: other))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path(key(content))))
    }

    func testDamagedBytesNeverGiveWrongColumns() throws {
        let content = Self.book()
        let fresh = try store(content)
        let good = Array(FileManager.default.contents(atPath: path(key(content)))!)
        var opened = 0
        for i in stride(from: 0, to: good.count, by: 3) {
            var bad = good
            bad[i] ^= UInt8(1 << (i % 8))
            FileManager.default.createFile(atPath: path(key(content)), contents: Data(bad))
            guard let file = cache.openVertical(key(content), content: content) else {
                XCTAssertFalse(FileManager.default.fileExists(atPath: path(key(content))), "byte \(i): refused and removed")
                continue
            }
            opened += 1
            let refused = (0..<4).filter { c in
                guard let columns = file.columns(chapter: c, of: content) else { return true }
                XCTAssertEqual(columns, fresh[c], "byte \(i), chapter \(c)")
                return false
            }
            XCTAssertEqual(refused.count, 1, "byte \(i): the damaged chapter is refused")
            XCTAssertFalse(FileManager.default.fileExists(atPath: path(key(content))), "byte \(i): the file is removed")
        }
        XCTAssertGreaterThan(opened, 0, "damage inside a blob leaves the header usable")
    }

    func testStoreRejectsAnotherBooksChapters() {
        let content = Self.book()
        XCTAssertThrowsError(try cache.storeVertical(key(content), content: content, chapters: [[]]))
    }

    /// Vertical files share the folder, the size limit and the statistics with lines.
    func testEvictionAndStatsCoverVerticalFiles() throws {
        let content = Self.book()
        try store(content, height: 9)
        try store(content, height: 12)
        XCTAssertEqual(cache.stats().entries, 2)
        var small = cache!
        small.maxBytes = 1
        small.evict(protecting: key(content, height: 12).fileName)
        XCTAssertEqual(cache.stats().entries, 1)
        XCTAssertNotNil(cache.openVertical(key(content, height: 12), content: content))
    }
}
