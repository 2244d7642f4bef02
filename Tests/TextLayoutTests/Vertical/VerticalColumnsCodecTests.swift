import Support
import TextContent
import XCTest
@testable import TextLayout

/// The vertical layout cache's blob (issue #23): every chapter of a book with readings,
/// tate-chū-yoko, CSS upright runs, a list marker and headings round-trips at every
/// height; damaged blobs are rejected, never trusted.
final class VerticalColumnsCodecTests: XCTestCase {
    /// Two chapters: a heading, dialogue with readings, digits and Latin, an upright `!?`,
    /// a list item, a paragraph longer than any column.
    static func book() -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: "t", format: .epub))
        b.beginChapter(title: "一", source: "a.xhtml")
        b.beginBlock(.heading)
        b.append("第一章（序）")
        b.endBlock()
        b.beginBlock(.paragraph)
        b.append("「")
        _ = b.appendRuby(base: "吾輩", reading: "わがはい")
        b.append("は猫である。」名前は2026年にもまだ無い。Tokyoで")
        let upright = b.beginStyle(.upright)
        b.append("!?")
        b.endStyle(upright)
        b.append("と言った……ー〜")
        b.endBlock()
        b.beginChapter(title: "二", source: "b.xhtml")
        b.beginBlock(.listItem)
        b.append("一つ目の項目、")
        _ = b.appendRuby(base: "東京", reading: "とうきょう")
        b.endBlock()
        b.setListMarker(.decimal, ordinal: 1, inBlocks: (b.blockCount - 1)..<b.blockCount)
        b.beginBlock(.paragraph)
        b.append(String(repeating: "長い段落の文です。", count: 8))
        b.endBlock()
        return b.finish()
    }

    private func blob(_ columns: [VerticalColumn], chapter: Int, of content: TextContent, key: String = "k#0") -> [UInt8] {
        var w = ByteWriter()
        VerticalColumnsCodec.encode(columns, range: content.chapters[chapter].range, of: content, key: key, into: &w)
        return w.bytes
    }

    private func decode(_ bytes: [UInt8], chapter: Int, of content: TextContent, key: String = "k#0") throws -> [VerticalColumn] {
        try bytes.withUnsafeBytes {
            try VerticalColumnsCodec.decode($0, expectedKey: key, range: content.chapters[chapter].range, of: content)
        }
    }

    func testEveryChapterRoundTripsAtEveryHeight() throws {
        let content = Self.book()
        XCTAssertEqual(content.chapters.count, 2)
        XCTAssertFalse(content.rubies.isEmpty)
        XCTAssertTrue(content.styles.contains { $0.style == .upright })
        var sawStored = false, sawCombined = false, sawMarker = false
        for height in 2...14 {
            for readings in [true, false] {
                for chapter in content.chapters.indices {
                    let columns = VerticalPages.columns(ofChapter: chapter, in: content, height: height, readings: readings)
                    XCTAssertFalse(columns.isEmpty)
                    let cells = columns.flatMap(\.cells)
                    sawStored = sawStored || cells.contains(where: \.isReading)
                    sawCombined = sawCombined || cells.contains { $0.isCombined && $0.text == "!?" }
                    sawMarker = sawMarker || cells.contains { $0.range.isEmpty && !$0.isReading }
                    XCTAssertEqual(try decode(blob(columns, chapter: chapter, of: content), chapter: chapter, of: content), columns,
                                   "height \(height), readings \(readings), chapter \(chapter)")
                }
            }
        }
        XCTAssertTrue(sawStored && sawCombined && sawMarker, "the fixture has readings, an upright pair and a list marker")
    }

    /// A kanji or kana of the text costs one byte: its text is not stored.
    func testTextCellsTakeOneByte() {
        let content = LineFittingTests.content([String(repeating: "吾輩は猫である", count: 40)])
        let columns = VerticalPages.columns(ofChapter: 0, in: content, height: 20)
        let cells = columns.reduce(0) { $0 + $1.cells.count }
        XCTAssertEqual(cells, 280)
        XCTAssertLessThan(blob(columns, chapter: 0, of: content).count, cells + 3 * columns.count + 40)
    }

    func testDamagedBlobsAreRejected() throws {
        let content = Self.book()
        let columns = VerticalPages.columns(ofChapter: 0, in: content, height: 6)
        let good = blob(columns, chapter: 0, of: content)
        for n in 0..<good.count {
            XCTAssertThrowsError(try decode(Array(good.prefix(n)), chapter: 0, of: content), "truncated to \(n)")
        }
        for i in 0..<good.count {
            var bad = good
            bad[i] ^= 0x20
            XCTAssertThrowsError(try decode(bad, chapter: 0, of: content), "byte \(i) changed")
        }
        XCTAssertThrowsError(try decode(good, chapter: 0, of: content, key: "k#1")) {
            XCTAssertEqual($0 as? VerticalColumnsCodec.DecodeError, .keyMismatch)
        }
        XCTAssertThrowsError(try decode(good, chapter: 1, of: content), "another chapter's range") {
            XCTAssertEqual($0 as? VerticalColumnsCodec.DecodeError, .malformed("range"))
        }
    }

    /// A blob whose checksum was recomputed over forged cells (a crafted file) still cannot
    /// point outside its chapter.
    func testForgedCellsOutsideTheChapterAreRejected() throws {
        let content = Self.book()
        let range = content.chapters[0].range
        var w = ByteWriter()
        w.append(contentsOf: VerticalColumnsCodec.magic)
        w.appendLittleEndian(VerticalColumnsCodec.formatVersion)
        w.appendString("k#0")
        w.appendVarint(range.lowerBound.rawValue)
        w.appendVarint(range.upperBound.rawValue)
        w.appendVarint(1)   // one column
        w.appendVarint(0)   // indent
        w.appendVarint(1)   // one cell
        w.appendVarint(UInt64(3) << 4 | 1)   // 3 bytes, a gap follows
        w.appendZigzag(range.count)          // starting at the chapter's end
        w.appendLittleEndian(Digest.fnv1a64(w.bytes[...]))
        XCTAssertThrowsError(try decode(w.bytes, chapter: 0, of: content)) {
            XCTAssertEqual($0 as? VerticalColumnsCodec.DecodeError, .malformed("cell outside range"))
        }
    }
}
