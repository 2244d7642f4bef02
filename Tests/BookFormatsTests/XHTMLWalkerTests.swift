import XCTest
import TextContent
@testable import BookFormats

/// What the XHTML walk keeps of a document's structure (issue #13): list markers, verse
/// stanzas, images, and the warnings for damaged documents. Fixtures from
/// `Tools/fixtures/make_epub_fixtures.py` (`structure()`).
final class XHTMLWalkerTests: XCTestCase {
    func marker(_ book: TextContent, _ text: String, file: StaticString = #filePath, line: UInt = #line) -> ListMarker? {
        guard let block = book.block(text) else {
            XCTFail("no block \"\(text)\" in \(book.blockTexts)", file: file, line: line)
            return nil
        }
        return block.marker
    }

    // MARK: Lists

    func testOrderedListsAreNumberedAsHTMLSays() throws {
        let book = try EPUBFixtures.read("lists.epub")
        func texts(_ items: [String]) -> [String] { items.map { marker(book, $0)?.text ?? "nil" } }
        XCTAssertEqual(texts(["Alpha", "Beta"]), ["1.", "2."])
        XCTAssertEqual(texts(["Nine", "Ten"]), ["9.", "10."], "start")
        XCTAssertEqual(texts(["Three down", "Two down", "One down"]), ["3.", "2.", "1."], "reversed counts down from the item count")
        XCTAssertEqual(texts(["ay", "bee"]), ["a.", "b."])
        XCTAssertEqual(texts(["Zed", "Double"]), ["Z.", "AA."])
        XCTAssertEqual(texts(["three", "nine", "ten"]), ["iii.", "ix.", "x."], "li value resets the count")
        XCTAssertEqual(texts(["One", "Two"]), ["I.", "II."])
        XCTAssertEqual(texts(["Bullet one", "Nested one", "Bullet two"]), ["•", "1.", "•"])
        // Notes in a numbered list (Standard Ebooks' endnotes) are numbered too.
        XCTAssertEqual(texts(["A numbered note.", "Another note."]), ["1.", "2."])
        XCTAssertEqual(book.block("A numbered note.")?.kind, .footnote)
    }

    func testTheIndentIsTheListsMarkerColumnSummedOverNesting() throws {
        let book = try EPUBFixtures.read("lists.epub")
        XCTAssertEqual(marker(book, "Alpha")?.indent, 3, "\"3.\" and a space")
        XCTAssertEqual(marker(book, "Nine")?.indent, 4, "the widest marker, \"10.\", decides for the whole list")
        XCTAssertEqual(marker(book, "three")?.indent, 5, "\"iii.\"")
        XCTAssertEqual(marker(book, "Bullet one")?.indent, 2)
        XCTAssertEqual(marker(book, "Nested one")?.indent, 5, "the bullet column and its own")
        XCTAssertEqual(book.block("Nested one")?.level, 2)
        // A later paragraph of an item: indented like it, no marker.
        XCTAssertEqual(marker(book, "Second paragraph."), ListMarker(style: .none, indent: 3, ordinal: 1))
        XCTAssertEqual(book.block("פריט ראשון")?.direction, .rightToLeft)
        // Nothing else gets a marker.
        XCTAssertNil(marker(book, "Start at nine:"))
        XCTAssertNil(marker(book, "Lists"))
    }

    func testNumberedListsInsideNavShowNoNumbers() throws {
        let book = try EPUBFixtures.read("epub3-features.epub")
        XCTAssertEqual(book.block("First item")?.marker?.text, "•")
        XCTAssertEqual(book.block("An endnote in a numbered list.")?.marker?.text, "1.")
    }

    func testListNumberingAttributes() {
        XCTAssertEqual(ListNumbering.integer(" -3 "), -3)
        XCTAssertEqual(ListNumbering.integer("+7"), 7)
        XCTAssertNil(ListNumbering.integer("x"))
        XCTAssertNil(ListNumbering.integer(""))
        XCTAssertEqual(ListNumbering.integer("99999999999999"), Int32.max)
        XCTAssertEqual(ListNumbering.style(ofType: "i"), .lowerRoman)
        XCTAssertEqual(ListNumbering.style(ofType: "I"), .upperRoman)
        XCTAssertNil(ListNumbering.style(ofType: "disc"))
        var list = ListNumbering(style: .decimal, start: nil, reversed: true, firstBlock: 0)
        list.items = [(0, nil, nil), (1, 10, nil), (2, nil, .lowerAlpha)]
        XCTAssertEqual(list.ordinals(), [3, 10, 9])
        XCTAssertEqual(list.markers().map(\.text), ["3.", "10.", "i."])
        XCTAssertEqual(ListNumbering.columnWidth(of: list.markers()), 4)
        XCTAssertEqual(ListNumbering.columnWidth(of: []), 2)
    }

    // MARK: Verse

    func testVerseLinesAreOneBlockAStanza() throws {
        let book = try EPUBFixtures.read("verse.epub")
        let stanzas = [
            "First line of the first stanza,\nsecond line of it.",   // div.linegroup of divs
            "First line of stanza two,\nlast line.",
            "A quoted verse line\nand its second line.",               // z3998:verse, <p> of <br>s
            "A second stanza\nends here.",
            "Span line one\nspan line two",                            // span.line
            "Poem line one\npoem line two",                            // z3998:poem
            "Second stanza one\nsecond stanza two",
        ]
        XCTAssertEqual(book.blockTexts, ["Verse", "Prose before the poem."] + stanzas + ["Prose after."])
        XCTAssertEqual(book.blocks.map(\.isVerse), [false, false] + stanzas.map { _ in true } + [false])
        XCTAssertEqual(book.block("A second stanza\nends here.")?.kind, .blockquote)
    }

    // MARK: Images

    func testImagesHaveOneForm() throws {
        let book = try EPUBFixtures.read("images.epub")
        XCTAssertEqual(book.blockTexts, ["Images", "[image: Cover Image]", "Between the pictures.", "[image]", "[image]",
                                         "Drop | [image: a drop] | [image]"])
        XCTAssertEqual(book.blocks.map(\.kind), [.heading, .image, .paragraph, .image, .image, .tableRow])
    }

    // MARK: Damaged documents

    func testRecoveredMarkupAndUnknownEntitiesAreReportedOncePerDocument() throws {
        let book = try EPUBFixtures.read("damaged-markup.epub")
        XCTAssertEqual(book.warnings.count, 3, "\(book.warnings)")
        XCTAssertTrue(book.warnings[0].hasPrefix("b.xhtml: damaged markup was recovered (line "), book.warnings[0])
        XCTAssertEqual(book.warnings[1], "b.xhtml: 2 unknown entity references kept as text (the first: &bogus;)")
        XCTAssertTrue(book.warnings[2].hasPrefix("c.xhtml: damaged markup was recovered (line "), book.warnings[2])
        // Unknown entities are kept as they were written; known ones are expanded.
        XCTAssertTrue(book.blockTexts.contains { $0.hasPrefix("Two &bogus; Heading") }, "\(book.blockTexts)")
        XCTAssertTrue(book.blockTexts.contains("Some bold and italic text and &alsobogus; more."), "\(book.blockTexts)")
        // What was recovered of the cut chapter is kept.
        XCTAssertTrue(book.blockTexts.contains { $0.hasPrefix("The text stops in the middle of a tag") })
    }

    func testWellFormedFixturesGiveNoMarkupWarnings() throws {
        for name in ["epub2-ncx.epub", "rtl-arabic-hebrew.epub", "no-toc.epub", "lists.epub", "verse.epub", "images.epub"] {
            let book = try EPUBFixtures.read(name)
            XCTAssertFalse(book.warnings.contains { $0.contains("damaged markup") || $0.contains("entit") }, "\(name): \(book.warnings)")
        }
    }
}
