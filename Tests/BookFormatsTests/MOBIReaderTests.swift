import XCTest
import TextContent
@testable import BookFormats

/// Locates the committed MOBI fixtures (`Fixtures/mobi`, written by
/// `Tools/fixtures/make_mobi_fixtures.py`).
enum MOBIFixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/mobi")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: directory.appendingPathComponent(name))) }
}

/// MOBI 6 books built by the generator: metadata, encodings, markup through the walker,
/// chapters from page breaks and headings, filepos links, images, PalmDOC.
final class MOBIReaderTests: XCTestCase {
    private func read(_ name: String) throws -> TextContent {
        let content = try MOBIReader.read(path: MOBIFixtures.path(name))
        XCTAssertEqual(content.validate(), [], name)
        return content
    }

    private func text(_ c: TextContent) -> String { c.string(in: c.fullRange) }

    /// Issue #19: an EXTH cover the text does not show is the first block (so the first
    /// page shows it); a cover the text shows is not repeated.
    func testACoverTheTextDoesNotShowOpensTheBook() throws {
        let covered = try read("mobi6-cover.mobi")
        let cover = try XCTUnwrap(covered.metadata.cover)
        XCTAssertEqual(covered.blocks.first?.kind, .image)
        XCTAssertEqual(covered.string(in: try XCTUnwrap(covered.blocks.first).range), "[image: cover]")
        XCTAssertEqual(covered.images.first, ImageReference(offset: .zero, source: cover))
        XCTAssertEqual(covered.images.count, 1)
        let plain = try read("mobi6-utf8.mobi")
        XCTAssertEqual(text(covered).hasSuffix(text(plain)), true, "the text itself is unchanged after the cover")

        let shown = try read("mobi6-cp1252.mobi")
        XCTAssertEqual(shown.images.map(\.source), [try XCTUnwrap(shown.metadata.cover)], "shown in the text: once")
        XCTAssertNotEqual(shown.blocks.first?.kind, .image)
    }

    private func blockTexts(_ c: TextContent, _ kind: BlockKind) -> [String] {
        c.blocks.filter { $0.kind == kind }.map { c.string(in: $0.range) }
    }

    func testCP1252BookMetadataAndText() throws {
        let c = try read("mobi6-cp1252.mobi")
        XCTAssertEqual(c.metadata.title, "The Lighthouse Keeper\u{2019}s Almanac")
        XCTAssertEqual(c.metadata.authors, ["Mara Quill"])
        XCTAssertEqual(c.metadata.language, "en")
        XCTAssertEqual(c.metadata.format, .mobi)
        XCTAssertEqual(c.metadata.version, "MOBI 6")
        XCTAssertEqual(c.metadata.encoding, "CP1252")
        let t = text(c)
        for s in ["small café by", "\u{201C}fog\u{201D}", "dusk \u{2026} every", "à peu près", "Naïve visitors", "Chapter One \u{2013} Lamps"] {
            XCTAssertTrue(t.contains(s), s)
        }
        XCTAssertFalse(t.contains("mbp"), "markup leaked into the text")
        XCTAssertFalse(t.contains("Start"), "the <guide> is not text")
    }

    func testPageBreaksMakeChaptersTitledByTheirHeadings() throws {
        let c = try read("mobi6-cp1252.mobi")
        XCTAssertEqual(c.chapters.map(\.title), ["The Lighthouse Keeper\u{2019}s Almanac", "Chapter One \u{2013} Lamps", "Chapter Two \u{2013} Tides"])
        XCTAssertEqual(c.toc.map(\.title), c.chapters.map(\.title))
        XCTAssertTrue(c.string(in: c.chapters[2].range).hasPrefix("Chapter Two"))
        XCTAssertTrue(c.string(in: c.chapters[1].range).contains("Light is a promise"))
        XCTAssertFalse(c.string(in: c.chapters[1].range).contains("The tide comes"))
    }

    func testMarkupGoesThroughTheWalker() throws {
        let c = try read("mobi6-cp1252.mobi")
        XCTAssertEqual(blockTexts(c, .image), ["[image: A lamp]"])
        XCTAssertEqual(blockTexts(c, .blockquote), ["Light is a promise you keep to strangers."])
        XCTAssertEqual(blockTexts(c, .listItem), ["Oil", "Wick", "Glass"])
        XCTAssertEqual(blockTexts(c, .heading).count, 3)
        let styles = Set(c.styles.map(\.style))
        XCTAssertTrue(styles.contains(.emphasis) && styles.contains(.strong), "\(styles)")
        let emphasis = c.styles.first { $0.style == .emphasis }!
        XCTAssertEqual(c.string(in: emphasis.range), "invented")
    }

    func testFileposLinkResolvesToItsTarget() throws {
        let c = try read("mobi6-cp1252.mobi")
        guard let link = c.styles.first(where: { $0.isLink && c.string(in: $0.range) == "the note on tides" }) else {
            return XCTFail("no link: \(c.styles)")
        }
        let target = try XCTUnwrap(link.target)
        let block = try XCTUnwrap(c.blocks.first { $0.range.contains(target) || $0.range.lowerBound == target })
        XCTAssertTrue(c.string(in: block.range).hasPrefix("The tide comes twice a day"), c.string(in: block.range))
    }

    func testUTF8BookWithHeadingChapters() throws {
        let c = try read("mobi6-utf8.mobi")
        XCTAssertEqual(c.metadata.title, "Письма с острова")
        XCTAssertEqual(c.metadata.authors, ["Ирина Маяк", "Kenji Umi"])
        XCTAssertEqual(c.metadata.language, "ru")
        XCTAssertEqual(c.metadata.encoding, "UTF-8")
        XCTAssertEqual(c.chapters.map(\.title), ["Письма с острова", "第二の手紙", "Third Letter"])
        XCTAssertTrue(text(c).contains("灯台の光が消えると"))
        XCTAssertTrue(text(c).contains("smörgåsbord, ελληνικά"))
    }

    func testUncompressedRecords() throws {
        let c = try read("mobi6-uncompressed.mobi")
        XCTAssertEqual(c.metadata.language, "en-GB")
        XCTAssertEqual(c.chapters.map(\.title), ["Stored Text", "Second Part"])
        // 80 generated paragraphs across two 4 KiB records, none lost at the record seam.
        XCTAssertEqual(c.blocks.filter { $0.kind == .paragraph }.count, 80)
    }

    func testPalmDOCDatabaseIsPlainText() throws {
        let c = try read("palmdoc.pdb")
        XCTAssertEqual(c.metadata.format, .mobi)
        XCTAssertEqual(c.metadata.version, "PalmDOC")
        XCTAssertEqual(c.metadata.encoding, "CP1252")
        XCTAssertEqual(c.metadata.title, "Orchard Ledger")
        XCTAssertEqual(c.chapters.map(\.title), ["Orchard Ledger", "Chapter 1", "Chapter 2"])
        XCTAssertTrue(text(c).contains("café gossip"))
    }

    func testBookLoaderSniffsMOBIAndPalmDOC() throws {
        XCTAssertEqual(try BookLoader.load(path: MOBIFixtures.path("mobi6-utf8.mobi")).metadata.version, "MOBI 6")
        XCTAssertEqual(try BookLoader.load(path: MOBIFixtures.path("palmdoc.pdb")).metadata.version, "PalmDOC")
    }

    func testReadingFromMemoryMatchesReadingTheFile() throws {
        let fromFile = try read("mobi6-cp1252.mobi")
        let fromMemory = try MOBIReader.read(bytes: try MOBIFixtures.bytes("mobi6-cp1252.mobi"), name: "memory.mobi")
        XCTAssertEqual(fromMemory.bytes, fromFile.bytes)
        XCTAssertEqual(fromMemory.chapters.map(\.title), fromFile.chapters.map(\.title))
    }

    func testChaptersFromStructureNeedTwoHeadingsOfALevel() {
        func block(_ kind: BlockKind, _ level: UInt8, _ at: Int) -> Block {
            Block(kind: kind, level: level, range: ByteRange(at, at + 1))
        }
        let blocks = [block(.heading, 1, 0), block(.paragraph, 0, 2), block(.heading, 2, 4), block(.heading, 2, 6)]
        XCTAssertEqual(MOBIChapters.headingStarts(blocks), [2, 3])
        XCTAssertEqual(MOBIChapters.headingStarts(Array(blocks.prefix(3))), [])
        XCTAssertEqual(MOBIChapters.pageBreakStarts(blocks, [ByteOffset(1), ByteOffset(2), ByteOffset(9)]), [1])
    }

    func testLongDocumentIsWalkedInPiecesWithLinksAndSourceOffsetsIntact() throws {
        let c = try read("mobi6-long.mobi")
        XCTAssertEqual(c.chapters.map(\.title), ["Long Chapter 1", "Long Chapter 2", "Long Chapter 3"])
        XCTAssertEqual(c.blocks.filter { $0.kind == .paragraph }.count, 2102)
        let link = try XCTUnwrap(c.styles.first { $0.isLink && c.string(in: $0.range) == "the last lines" })
        let target = try XCTUnwrap(link.target)
        let block = try XCTUnwrap(c.blocks.first { $0.range.lowerBound >= target })
        XCTAssertEqual(c.string(in: block.range), "The very last lines of the long book.")
        // The last piece's source offsets count from the document's start, not the piece's.
        let location = try XCTUnwrap(c.sourceMap.location(of: block.range.lowerBound))
        XCTAssertEqual(location.path, "part00000.html")
        XCTAssertGreaterThan(location.offset, 2 * MOBIMarkup.minimumPiece)
    }

    func testPiecesAreCutAtPageBreaksAfterTheMinimumSize() {
        let filler = [UInt8](repeating: UInt8(ascii: "x"), count: MOBIMarkup.minimumPiece)
        let markup = Array("<p>a</p><MBP:PageBreak/>".utf8) + filler + Array("<mbp:pagebreak/>b<mbp:pagebreak/>c".utf8)
        let pieces = markup.withUnsafeBufferPointer { MOBIMarkup.pieces($0) }
        let firstCut = 8 + 16 + filler.count
        XCTAssertEqual(pieces, [0..<firstCut, firstCut..<markup.count])
    }

    /// A single page break (after a title page) is no structure: the headings make the chapters.
    func testOnePageBreakDefersToHeadings() {
        var b = TextContentBuilder(metadata: BookMetadata(title: "Book", format: .mobi))
        func block(_ kind: BlockKind, _ level: UInt8 = 0, _ text: String) {
            b.beginBlock(kind, level: level)
            b.append(text)
            b.endBlock()
        }
        block(.paragraph, 0, "Title page")
        let pageBreak = b.offsetOfNextText
        for name in ["One", "Two", "Three"] {
            block(.heading, 2, name)
            block(.paragraph, 0, "Text of \(name).")
        }
        var second = b
        var content = b.finish()
        MOBIChapters.assignFromStructure(&content, pageBreaks: [pageBreak], source: "part00000.html")
        XCTAssertEqual(content.chapters.map(\.title), ["Book", "One", "Two", "Three"])
        XCTAssertEqual(content.validate(), [])
        // With a second break the breaks win.
        var two = second.finish()
        MOBIChapters.assignFromStructure(&two, pageBreaks: [pageBreak, two.blocks[5].range.lowerBound], source: "p")
        XCTAssertEqual(two.chapters.map(\.title), ["Book", "One", "Three"])
    }
}
