import XCTest
import TextContent
@testable import BookFormats

/// Reading the well-formed fixture books.
final class EPUBReaderTests: XCTestCase {
    // MARK: EPUB 3 with nav

    func testEPUB3Metadata() throws {
        let book = try EPUBFixtures.read("epub3-features.epub")
        XCTAssertEqual(book.metadata.title, "The Lantern Keeper's Notes")
        XCTAssertEqual(book.metadata.authors, ["Ada Quill", "Bo Lin"])
        XCTAssertEqual(book.metadata.language, "en")
        XCTAssertEqual(book.metadata.version, "3.0")
        XCTAssertEqual(book.metadata.format, .epub)
        XCTAssertEqual(book.metadata.direction, .unspecified)
        XCTAssertEqual(book.validate(), [])
    }

    func testEPUB3ChaptersComeFromTheNavInReadingOrder() throws {
        let book = try EPUBFixtures.read("epub3-features.epub")
        XCTAssertEqual(book.chapters.map(\.title),
                       ["One: The Lamp", "The Wick", "A Table of Oils", "Two: Harbour Lights", "三：灯台"])
        XCTAssertEqual(book.chapters.map(\.level), [1, 2, 2, 1, 1])
        XCTAssertEqual(book.chapters.map(\.source),
                       ["OEBPS/text/ch1.xhtml", "OEBPS/text/ch1.xhtml#wick", "OEBPS/text/ch1.xhtml#table",
                        "OEBPS/text/chapter two.xhtml", "OEBPS/text/章三.xhtml"])
        // Each chapter starts at its heading.
        for (chapter, heading) in zip(book.chapters, ["One: The Lamp", "The Wick", "A Table of Oils", "Two: Harbour Lights", "三：灯台"]) {
            XCTAssertEqual(book.block(heading)?.range.lowerBound, chapter.range.lowerBound, heading)
        }
        // The non-linear notes document is read in spine order, inside chapter two.
        let note = try XCTUnwrap(book.blocks.first { $0.kind == .footnote })
        XCTAssertEqual(book.chapterIndex(containing: note.range.lowerBound), 3)
    }

    func testEPUB3TOCNestingAndTargets() throws {
        let book = try EPUBFixtures.read("epub3-features.epub")
        XCTAssertEqual(book.toc.map(\.title), ["One: The Lamp", "The Wick", "A Table of Oils", "Two: Harbour Lights", "三：灯台"])
        XCTAssertEqual(book.toc.map(\.level), [1, 2, 2, 1, 1])
        XCTAssertEqual(book.toc[1].target, book.block("The Wick")?.range.lowerBound)
        XCTAssertEqual(book.toc[2].target, book.block("A Table of Oils")?.range.lowerBound)
        XCTAssertEqual(book.toc[4].source, "text/%E7%AB%A0%E4%B8%89.xhtml")
        // The hidden landmarks nav and the NCX are not used.
        XCTAssertFalse(book.toc.contains { $0.title == "Start" || $0.title.contains("NCX") })
    }

    func testEPUB3BlockKinds() throws {
        let book = try EPUBFixtures.read("epub3-features.epub")
        let expected: [(String, BlockKind, UInt8)] = [
            ("One: The Lamp", .heading, 1),
            ("The keeper climbed the stairs at dusk, counting each step.1", .paragraph, 0),
            ("Salt\u{A0}wind pressed at the glass.", .paragraph, 0),
            ("The Wick", .heading, 2),
            ("She trimmed the wick twice before lighting it.\nThen she waited.", .paragraph, 0),
            ("An unclosed paragraph with emphasis", .paragraph, 0),
            ("The next paragraph starts here.", .paragraph, 0),
            ("[image: A brass lamp]", .image, 0),
            ("line one\n    indented   line two", .preformatted, 0),
            ("A Table of Oils", .heading, 2),
            ("Oil | Hours", .tableRow, 0),
            ("Whale | 6", .tableRow, 0),
            ("Colza | 8", .tableRow, 0),
            ("First item", .listItem, 1),
            ("Second item", .listItem, 1),
            ("Nested item", .listItem, 2),
            ("A quoted line.", .blockquote, 0),
            ("مرحبا بالعالم", .paragraph, 0),
            ("* * *", .separator, 0),
            ("See the harbour and the web.", .paragraph, 0),
            ("Code: light(), H2O, x2.", .paragraph, 0),
            ("A page break is not text.", .paragraph, 0),
            ("Two: Harbour Lights", .heading, 1),
            ("Ships answered with horns.2", .paragraph, 0),
            ("港の灯りが波の上で揺れていた。", .paragraph, 0),
            ("Back to the wick", .paragraph, 0),
            ("The lamp has been lit every evening since the tower was built.", .footnote, 0),
            ("A plain aside is ordinary text.", .paragraph, 0),
            ("Endnotes", .heading, 2),
            ("An endnote in a numbered list.", .footnote, 0),
            ("三：灯台", .heading, 1),
            ("灯塔守护者在夜里写下了这些笔记。", .paragraph, 0),
            ("灯台は静かだった。", .paragraph, 0),
        ]
        XCTAssertEqual(book.blockTexts, expected.map(\.0))
        XCTAssertEqual(book.blocks.map(\.kind), expected.map(\.1))
        XCTAssertEqual(book.blocks.map(\.level), expected.map(\.2))
        // Script, style, <title>, ruby annotations and page-break numbers are not text.
        let text = book.string(in: book.fullRange)
        for absent in ["not text</p>", "color", "The Lamp\nThe Lamp", "とうだい", "break7"] {
            XCTAssertFalse(text.contains(absent), absent)
        }
    }

    func testDirectionAttribute() throws {
        let book = try EPUBFixtures.read("epub3-features.epub")
        XCTAssertEqual(book.block("مرحبا بالعالم")?.direction, .rightToLeft)
        XCTAssertEqual(book.block("A quoted line.")?.direction, .unspecified)
    }

    func testInlineStylesAndResolvedTargets() throws {
        let book = try EPUBFixtures.read("epub3-features.epub")
        func runs(_ style: InlineStyle) -> [String] {
            book.styles.filter { $0.style == style }.map { book.string(in: $0.range) }
        }
        XCTAssertEqual(runs(.emphasis), ["dusk", "twice", "emphasis"])
        XCTAssertEqual(runs(.strong), ["counting", "before"])
        XCTAssertEqual(runs(.code), ["light()"])
        XCTAssertEqual(runs(.subscript), ["2"])
        XCTAssertEqual(runs(.superscript), ["2"])
        XCTAssertEqual(runs(.link), ["the harbour", "the web", "Back to the wick"])
        XCTAssertEqual(runs(.noteReference), ["1", "2"])

        // Note references point at the footnote blocks: an aside, and an item of an
        // endnotes list.
        let noteRefs = book.styles.filter { $0.style == .noteReference }
        let footnotes = book.blocks.filter { $0.kind == .footnote }
        XCTAssertEqual(noteRefs.map(\.target), footnotes.map(\.range.lowerBound))

        let links = book.styles.filter { $0.style == .link }
        // Percent-encoded href with a fragment, into another document.
        XCTAssertEqual(links[0].target, book.block("Two: Harbour Lights")?.range.lowerBound)
        // External link: no target inside the book.
        XCTAssertNil(links[1].target)
        // "../text/ch1.xhtml#wick" from another document.
        XCTAssertEqual(links[2].target, book.block("The Wick")?.range.lowerBound)
        // Sorted by start.
        XCTAssertEqual(book.styles.map(\.range.lowerBound), book.styles.map(\.range.lowerBound).sorted())
    }

    func testSourceMapPointsAtTheStartTagOfEachBlock() throws {
        let book = try EPUBFixtures.read("epub3-features.epub")
        let raw = try EPUBFixtures.entry("epub3-features.epub", "OEBPS/text/ch1.xhtml")
        let source = String(decoding: raw, as: UTF8.self)
        func offset(of needle: String) -> Int {
            source.utf8.count - source[source.range(of: needle)!.lowerBound...].utf8.count
        }
        let cases: [(String, String)] = [
            ("One: The Lamp", "<h1 id=\"top\">"),
            ("The Wick", "<h2 id=\"wick\">"),
            ("[image: A brass lamp]", "<img "),
            ("line one\n    indented   line two", "<pre>"),
            ("Whale | 6", "<tr><td>Whale"),
        ]
        for (text, tag) in cases {
            let block = try XCTUnwrap(book.block(text), text)
            let location = try XCTUnwrap(book.sourceMap.location(of: block.range.lowerBound))
            XCTAssertEqual(location.path, "OEBPS/text/ch1.xhtml")
            XCTAssertEqual(location.offset, offset(of: tag), text)
            XCTAssertTrue(location.isExact)
            // Inside the block the location is the block's anchor, flagged inexact.
            let inside = try XCTUnwrap(book.sourceMap.location(of: block.range.lowerBound + 1))
            XCTAssertEqual(inside.offset, location.offset)
            XCTAssertFalse(inside.isExact)
        }
        let chinese = try XCTUnwrap(book.block("三：灯台"))
        XCTAssertEqual(book.sourceMap.location(of: chinese.range.lowerBound)?.path, "OEBPS/text/章三.xhtml")
    }

    func testWarningsForRecoveredProblems() throws {
        let book = try EPUBFixtures.read("epub3-features.epub")
        XCTAssertTrue(book.warnings.contains { $0.contains("OEBPS/missing.opf is missing") }, "\(book.warnings)")
        // `../../../outside.xhtml` climbs above the root: it is `outside.xhtml` (RFC 3986),
        // an item the spine does not list — nothing to warn about (issue #22, item 7).
        XCTAssertFalse(book.warnings.contains { $0.contains("outside") }, "\(book.warnings)")
    }

    // MARK: EPUB 2 with NCX

    func testEPUB2WithNestedPrefixedNCX() throws {
        let book = try EPUBFixtures.read("epub2-ncx.epub")
        XCTAssertEqual(book.metadata.title, "Small Rain")
        XCTAssertEqual(book.metadata.authors, ["Mira Holt"])
        XCTAssertEqual(book.metadata.version, "2.0")
        XCTAssertEqual(book.toc.map(\.title), ["Part One", "Rain on the Roof", "Rain in the Garden", "Part Two", "夜雨"])
        XCTAssertEqual(book.toc.map(\.level), [1, 2, 2, 1, 2])
        XCTAssertEqual(book.chapters.map(\.title), ["Part One", "Rain on the Roof", "Rain in the Garden", "Part Two", "夜雨"])
        XCTAssertEqual(book.chapters.map(\.level), [1, 2, 2, 1, 2])
        XCTAssertEqual(book.chapters[4].range.lowerBound, book.block("夜雨")?.range.lowerBound)
        XCTAssertEqual(book.validate(), [])
    }

    func testControlCharactersAndEscapeSequencesNeverReachTheText() throws {
        let book = try EPUBFixtures.read("epub2-ncx.epub")
        XCTAssertFalse(book.bytes.contains(0x1B))
        XCTAssertFalse(book.bytes.contains(0x07))
        XCTAssertFalse(zip(book.bytes, book.bytes.dropFirst()).contains { $0 == 0xC2 && (0x80...0x9F).contains($1) })
        XCTAssertTrue(book.bytes.allSatisfy { $0 >= 0x20 || $0 == 0x0A || $0 == 0x09 })
        // The payload of the escape sequences is gone too, the words around them stay.
        XCTAssertEqual(book.blockTexts[3], "The first drops tapped the tin roof like fingers.")
        XCTAssertEqual(book.blockTexts[4], "A bell rang twice and then stopped.")
    }

    // MARK: Right to left

    func testRTLBook() throws {
        let book = try EPUBFixtures.read("rtl-arabic-hebrew.epub")
        XCTAssertEqual(book.metadata.direction, .rightToLeft)
        XCTAssertEqual(book.metadata.language, "ar")
        XCTAssertEqual(book.metadata.title, "حديقة الليل")
        XCTAssertEqual(book.chapters.map(\.title), ["الفصل الأول", "פרק שני"])
        // dir="rtl" on <body> applies to its blocks.
        XCTAssertEqual(book.block("كانت الحديقة هادئة تحت ضوء القمر.")?.direction, .rightToLeft)
        XCTAssertEqual(book.block("הגן היה שקט מתחת לאור הירח.")?.direction, .rightToLeft)
        XCTAssertEqual(book.block("פרק שני")?.direction, .unspecified)
        XCTAssertEqual(book.validate(), [])
    }

    // MARK: No table of contents

    func testChaptersFromDocumentsWithoutTOC() throws {
        let book = try EPUBFixtures.read("no-toc.epub")
        XCTAssertTrue(book.toc.isEmpty)
        // First heading, else <title>, else "Chapter N".
        XCTAssertEqual(book.chapters.map(\.title), ["The First Room", "Second Room", "Chapter 3"])
        XCTAssertEqual(book.chapters.map(\.source), ["a.xhtml", "b.xhtml", "c.xhtml"])
        XCTAssertEqual(book.chapters[1].range.lowerBound, book.block("The second room had no heading at all.")?.range.lowerBound)
        // "b.xhtml#again" in the manifest names b.xhtml again: it is read once.
        XCTAssertEqual(book.blockTexts.filter { $0.hasPrefix("The second room") }.count, 1)
        XCTAssertEqual(book.warnings, ["1 spine item names a document another manifest item already put in the spine; each such document is read once"])
        XCTAssertEqual(book.validate(), [])
    }

    func testOtherEncodings() throws {
        let book = try EPUBFixtures.read("encodings.epub")
        XCTAssertEqual(book.blockTexts, ["Sixteen", "Written in UTF-16 — naïve café.", "Latin", "Déjà vu in Latin-1.",
                                         "Broken \u{FFFD} byte."])
        XCTAssertEqual(book.chapters.map(\.title), ["Sixteen", "Latin", "Chapter 3"])
        XCTAssertEqual(book.warnings, ["bad.xhtml is not valid UTF-8; invalid bytes were replaced"])
        XCTAssertEqual(book.validate(), [])
    }

    func testEveryGoodFixtureValidates() throws {
        for name in ["epub2-ncx.epub", "epub3-features.epub", "rtl-arabic-hebrew.epub", "no-toc.epub",
                     "missing-chapter.epub", "zip-slip.epub", "deep-nesting.epub", "encodings.epub"] {
            let book = try EPUBFixtures.read(name)
            XCTAssertEqual(book.validate(), [], name)
            XCTAssertFalse(book.bytes.isEmpty, name)
            // Blocks are separated by exactly one newline.
            for (a, b) in zip(book.blocks, book.blocks.dropFirst()) {
                XCTAssertEqual(b.range.lowerBound.rawValue, a.range.upperBound.rawValue + 1, name)
                XCTAssertEqual(book.bytes[a.range.upperBound.rawValue], 0x0A, name)
            }
        }
    }

    func testBookLoaderSniffsEPUB() throws {
        let book = try BookLoader.load(path: EPUBFixtures.path("no-toc.epub"))
        XCTAssertEqual(book.metadata.format, .epub)
    }
}
