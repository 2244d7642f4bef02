import XCTest
@testable import BookFormats
import TextContent

/// Chapters, blocks, metadata and invariants of TXT books built from the fixtures.
final class TXTStructureTests: XCTestCase {
    func testEveryFixtureValidates() throws {
        for entry in TXTFixtures.books {
            let content = try TXTFixtures.read(entry.file)
            XCTAssertEqual(content.validate(), [], entry.file)
        }
    }

    func testChapterTitlesAndLevelsAreExact() throws {
        for entry in TXTFixtures.books {
            let content = try TXTFixtures.read(entry.file)
            let got = content.chapters.map { "\($0.level) \($0.title)" }
            let expected = entry.chapters.map { "\($0.1) \($0.0)" }
            XCTAssertEqual(got, expected, entry.file)
        }
    }

    func testMetadata() throws {
        for entry in TXTFixtures.books {
            let content = try TXTFixtures.read(entry.file)
            XCTAssertEqual(content.metadata.title, entry.title, entry.file)
            XCTAssertEqual(content.metadata.authors, entry.authors, entry.file)
            XCTAssertEqual(content.metadata.language, entry.language, entry.file)
            XCTAssertEqual(content.metadata.direction.rawValue, entry.direction, entry.file)
        }
    }

    func testTOCEntriesPointAtHeadingBlocks() throws {
        let content = try TXTFixtures.read("en_utf8_lf.txt")
        XCTAssertEqual(content.toc.map(\.title), content.chapters.map(\.title))
        for (entry, chapter) in zip(content.toc.dropFirst(), content.chapters.dropFirst()) {
            let block = content.blocks[content.blockIndex(atOrAfter: entry.target)]
            XCTAssertEqual(block.kind, .heading)
            XCTAssertEqual(block.range.lowerBound, entry.target)
            XCTAssertEqual(content.string(in: block.range), chapter.title)
            XCTAssertTrue(chapter.source.hasPrefix("@"))
        }
    }

    func testTableOfContentsRunIsNotChapters() throws {
        // The fixtures start with a list "Chapter I…III" / "第一章…第三章": kept as text.
        let en = try TXTFixtures.read("en_utf8_lf.txt")
        let text = en.string(in: en.fullRange)
        XCTAssertTrue(text.hasPrefix("The Lamp at Gull Point\nby Orla Penhallow\nContents\nChapter I. The Keeper\nChapter II. The Storm\nChapter III. Morning\n"))
        XCTAssertEqual(en.chapters.filter { $0.title.hasPrefix("Chapter I.") }.count, 0)
        let zh = try TXTFixtures.read("zh_hans_gb18030.txt")
        XCTAssertEqual(zh.chapters.filter { $0.title == "第一章 海上的灯" }.count, 1)
        XCTAssertTrue(zh.string(in: zh.chapters[0].range).contains("目录\n第一章 海上的灯\n第二章 风暴之夜\n第三章 清晨"))
    }

    func testHardWrappedParagraphsAreJoined() throws {
        let content = try TXTFixtures.read("en_utf8_lf.txt")
        let paragraphs = content.blocks.filter { $0.kind == .paragraph }.map { content.string(in: $0.range) }
        XCTAssertTrue(paragraphs.contains { $0.hasPrefix("Every evening at a quarter past six the keeper climbed the ninety-one steps of the tower at Gull Point, counting") })
        // Short verse lines keep their line breaks; indentation is removed.
        XCTAssertTrue(paragraphs.contains("Light for the lost,\nsalt for the wound,\nand the long night over."))
        XCTAssertFalse(paragraphs.contains { $0.hasPrefix(" ") })
    }

    func testCJKLinesAreParagraphsWithoutIndentation() throws {
        let content = try TXTFixtures.read("zh_hant_big5.txt")
        let paragraphs = content.blocks.filter { $0.kind == .paragraph }.map { content.string(in: $0.range) }
        XCTAssertEqual(paragraphs.first, "燈塔筆記")
        XCTAssertTrue(paragraphs.contains("老人每天傍晚都會爬上燈塔，把那盞舊燈點亮。海面很安靜，遠處的漁船慢慢回到港口。"))
        XCTAssertFalse(content.string(in: content.fullRange).contains("\u{3000}\u{3000}"))
    }

    func testLineEndingsAreNormalised() throws {
        let lf = try TXTFixtures.read("en_utf8_lf.txt")
        for file in ["en_utf8_bom_crlf.txt", "en_utf16be_nobom_cr.txt", "en_cp1252_cr.txt", "en_utf32be_bom_crlf.txt"] {
            let other = try TXTFixtures.read(file)
            XCTAssertFalse(other.bytes.contains(0x0D), file)
            XCTAssertEqual(other.bytes, lf.bytes, file)
            XCTAssertEqual(other.blocks, lf.blocks, file)
        }
        let zh = try TXTFixtures.read("zh_hans_utf8_bom_crlf.txt")
        let gb = try TXTFixtures.read("zh_hans_gb18030.txt")
        XCTAssertEqual(zh.bytes, gb.bytes)
    }

    func testControlCharactersNeverReachTheText() throws {
        for entry in TXTFixtures.books {
            let content = try TXTFixtures.read(entry.file)
            XCTAssertFalse(content.bytes.contains { TextSanitizer.isForbiddenByte($0) }, entry.file)
        }
        let content = try TXTFixtures.read("controls_utf8.txt")
        XCTAssertEqual(content.string(in: content.fullRange), "Plain line with a C1 CSI  here and a bell  and DEL .\nSecond  paragraph.")
        let en = try TXTFixtures.read("en_utf8_lf.txt")
        let text = en.string(in: en.fullRange)
        XCTAssertTrue(text.contains("The lamp flickered twice, and the keeper wound the clockwork"))
        XCTAssertFalse(text.contains("window title"))
    }

    func testSingleLineFileIsCutIntoBoundedBlocks() throws {
        for file in ["en_single_line.txt", "zh_single_line_gb18030.txt"] {
            let content = try TXTFixtures.read(file)
            XCTAssertGreaterThanOrEqual(content.blocks.count, 4, file)
            XCTAssertTrue(content.blocks.allSatisfy { $0.range.count <= PlainTextReader.maxBlockBytes }, file)
            XCTAssertEqual(content.validate(), [], file)
            // Nothing lost except the separators between blocks.
            let joined = content.blocks.map { content.string(in: $0.range) }.joined()
            var expected = TXTFixtures.text(file.replacingOccurrences(of: ".txt", with: ".expected.txt"))
            if file.hasPrefix("en") {
                expected = expected.replacingOccurrences(of: " ", with: "")
                XCTAssertEqual(joined.replacingOccurrences(of: " ", with: ""), expected, file)
                // Cut after a sentence end.
                for b in content.blocks.dropLast() { XCTAssertEqual(content.string(in: b.range).last, ".", file) }
            } else {
                XCTAssertEqual(joined, expected, file)
            }
        }
    }

    func testFrontMatterCoversTheStart() throws {
        let content = try TXTFixtures.read("zh_hans_gb18030.txt")
        XCTAssertEqual(content.chapters[0].title, "灯塔笔记")
        XCTAssertEqual(content.chapters[0].range.lowerBound, .zero)
        XCTAssertTrue(content.string(in: content.chapters[0].range).hasPrefix("《灯塔笔记》\n作者：林海"))
        // Noise before 第 is not part of the heading.
        let heading = content.blocks.first { $0.kind == .heading && content.string(in: $0.range).contains("风暴") }!
        XCTAssertEqual(content.string(in: heading.range), "第二章 风暴之夜")
    }

    func testBookWithoutHeadingsIsOneChapter() throws {
        let content = try PlainTextReader.read(bytes: Array("Just one line.\n".utf8), name: "/tmp/notes.txt", encoding: nil)
        XCTAssertEqual(content.chapters.count, 1)
        XCTAssertEqual(content.chapters[0].title, "notes")
        XCTAssertEqual(content.metadata.title, "notes")
        XCTAssertEqual(content.string(in: content.fullRange), "Just one line.")
    }
}
