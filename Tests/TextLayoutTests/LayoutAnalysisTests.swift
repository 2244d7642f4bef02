import XCTest
import BookFormats
import TextContent
@testable import TextLayout

/// `TextLayout.analyze` + `TextLayout.fit`, and the cached `layout(…, analyses:)`, give
/// byte-identical lines to `TextLayout.layout` on every fixture book.
final class LayoutAnalysisTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Every EPUB and TXT fixture that loads (the hostile ones that are rejected are not books).
    static func fixtureBooks() throws -> [(String, TextContent)] {
        var books: [(String, TextContent)] = []
        for folder in ["epub", "txt", "sample"] {
            let dir = fixtures.appendingPathComponent(folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
            for name in names where name.hasSuffix(".epub") || (name.hasSuffix(".txt") && !name.hasSuffix(".expected.txt")) {
                let path = dir.appendingPathComponent(name).path
                guard let content = try? BookLoader.load(path: path, options: BookLoadOptions(threads: 1)) else { continue }
                books.append(("\(folder)/\(name)", content))
            }
        }
        return books
    }

    func testFixtureBooksChapterByChapter() throws {
        let books = try Self.fixtureBooks()
        XCTAssertGreaterThanOrEqual(books.count, 30, "fixture books loaded")
        var chapters = 0
        var mismatches = 0
        for (name, content) in books {
            for chapter in content.chapters {
                chapters += 1
                mismatches += LayoutIdentity.check(content, range: chapter.range, widths: [20, 37, 80, 132], context: name)
            }
        }
        XCTAssertGreaterThan(chapters, 100)
        XCTAssertEqual(mismatches, 0)
    }

    /// The identity above would say little if the fixtures were fitted exactly: most block
    /// slices must go through the segment fitter.
    func testFixtureBlocksMostlyUseSegments() throws {
        var segmentBlocks = 0, exactBlocks = 0
        for (_, content) in try Self.fixtureBooks() {
            for block in TextLayout.analyze(content, range: content.fullRange, lineBreakStyle: .strict).blocks {
                if block.usesExactFitter { exactBlocks += 1 } else { segmentBlocks += 1 }
            }
        }
        XCTAssertGreaterThan(segmentBlocks, 20 * exactBlocks, "\(segmentBlocks) segment-fitted, \(exactBlocks) exact")
    }

    func testFixtureBooksWholeAndMidBlockRanges() throws {
        for (name, content) in try Self.fixtureBooks() where !content.bytes.isEmpty {
            let n = content.bytes.count
            LayoutIdentity.check(content, range: content.fullRange, widths: [80, 37], context: name)
            // A range starting and ending inside blocks (a window into the book).
            var lower = n / 3, upper = 2 * n / 3
            while lower < n && content.bytes[lower] & 0xC0 == 0x80 { lower += 1 }
            while upper < n && content.bytes[upper] & 0xC0 == 0x80 { upper += 1 }
            LayoutIdentity.check(content, range: ByteRange(ByteOffset(lower), ByteOffset(upper)), widths: [20, 132],
                                 context: name + " middle")
        }
    }

    func testAnalysisDoesNotDependOnWidth() {
        let content = LineFittingTests.content(["Hello there, general Kenobi.", "\t tabbed", "長長長長長長長長"])
        let analysis = TextLayout.analyze(content, range: content.fullRange, lineBreakStyle: .strict)
        XCTAssertEqual(analysis.blocks.count, 3)
        XCTAssertFalse(analysis.blocks[0].usesExactFitter)
        XCTAssertTrue(analysis.blocks[1].usesExactFitter, "a tab makes widths depend on the column")
        XCTAssertFalse(analysis.blocks[2].usesExactFitter)
        for width in 1...40 {
            let options = LayoutOptions(width: width)
            XCTAssertEqual(TextLayout.fit(analysis, in: content, options: options),
                           TextLayout.layout(content, range: content.fullRange, options: options), "width \(width)")
        }
    }

    func testEmptyAndOutOfRange() {
        let content = LineFittingTests.content(["abc"])
        for range in [ByteRange(ByteOffset(0), ByteOffset(0)), ByteRange(ByteOffset(3), ByteOffset(20))] {
            let analysis = TextLayout.analyze(content, range: range, lineBreakStyle: .strict)
            XCTAssertTrue(analysis.blocks.isEmpty)
            XCTAssertEqual(TextLayout.fit(analysis, in: content, options: LayoutOptions()),
                           TextLayout.layout(content, range: range, options: LayoutOptions()))
        }
    }
}
