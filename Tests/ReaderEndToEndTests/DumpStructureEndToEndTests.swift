import Foundation
import XCTest

/// End-to-end (issue #13): `reader dump` and `reader info --json` on the structure fixtures
/// (`Tools/fixtures/make_epub_fixtures.py`, `structure()`): numbered lists keep their
/// numbers, verse keeps its stanzas, images have one form, damaged markup is reported,
/// tables are drawn in aligned columns, their cells wrapped within them when too wide.
final class DumpStructureEndToEndTests: XCTestCase {
    func fixture(_ name: String) -> String { TmuxSessionTests.fixtures.appendingPathComponent("epub/" + name).path }

    /// Runs the reader with `arguments` and returns its stdout lines.
    func run(_ arguments: [String]) throws -> [String] {
        try ReaderRun.lines(arguments)
    }

    func testNumberedListsShowTheirMarkersInAHangingIndent() throws {
        let lines = try run(["dump", fixture("lists.epub"), "--width", "40"])
        let expected = [
            "1. Alpha",
            "2. Beta",
            "3. Gamma is a longer item whose text",
            "   wraps under itself, not under its",
            "   number.",
            "", "Start at nine:", "",
            " 9. Nine",
            "10. Ten",
            "", "Reversed:", "",
            "3. Three down", "2. Two down", "1. One down",
            "", "Letters and numerals:", "",
            "a. ay", "b. bee",
            " Z. Zed", "AA. Double",
            "iii. three", " ix. nine", "  x. ten",
            " I. One", "II. Two",
            "", "Nested:", "",
            "• Bullet one", "  1. Nested one", "  2. Nested two", "• Bullet two",
            "", "Two paragraphs in an item:", "",
            "1. First paragraph of an item.", "   Second paragraph.",
            "", "Notes", "",
            "1. A numbered note.", "", "2. Another note.", "",
        ]
        XCTAssertEqual(Array(lines.dropFirst(2).prefix(expected.count)), expected, lines.joined(separator: "\n"))
        // A right-to-left item: the marker on the right of the text, its full stop first.
        let rtl = try XCTUnwrap(lines.first { $0.contains("טירפ") })
        XCTAssertTrue(rtl.hasSuffix(String("פריט ראשון".reversed()) + " .1"), rtl)
        XCTAssertEqual(rtl.count, 40)
    }

    func testVerseIsSingleSpacedWithBlankLinesBetweenStanzasInBothModes() throws {
        let stanzas = [
            ["First line of the first stanza,", "second line of it."],
            ["First line of stanza two,", "last line."],
            ["  A quoted verse line", "  and its second line."],
            ["  A second stanza", "  ends here."],
            ["Span line one", "span line two"],
            ["Poem line one", "poem line two"],
            ["Second stanza one", "second stanza two"],
        ]
        let expected = ["Prose before the poem.", ""] + stanzas.flatMap { $0 + [""] } + ["Prose after."]
        for compact in [false, true] {
            let lines = try run(["dump", fixture("verse.epub"), "--width", "40"] + (compact ? ["--compact"] : []))
            XCTAssertEqual(Array(lines.dropFirst(2).prefix(expected.count)), expected,
                           "compact \(compact):\n" + lines.joined(separator: "\n"))
        }
    }

    func testImagesHaveOneForm() throws {
        let lines = try run(["dump", fixture("images.epub"), "--width", "40", "--compact"])
        XCTAssertEqual(lines.filter { $0.contains("image") },
                       ["[image: Cover Image]", "[image]", "[image]", "Drop | [image: a drop] | [image]"])
    }

    func testDamagedDocumentsAreReported() throws {
        let info = try run(["info", "--json", fixture("damaged-markup.epub")]).joined(separator: "\n")
        XCTAssertTrue(info.contains("b.xhtml: damaged markup was recovered"), info)
        XCTAssertTrue(info.contains("c.xhtml: damaged markup was recovered"), info)
        XCTAssertTrue(info.contains("b.xhtml: 2 unknown entity references kept as text (the first: &bogus;)"), info)
        XCTAssertFalse(info.contains("a.xhtml:"), "a well-formed document with HTML5 elements is not damaged:\n\(info)")
    }

    /// Tables (`tables.epub`): aligned columns when the table fits the width, cells wrapped
    /// within narrower columns when it does not (separators on a row's first line), the
    /// right-to-left table mirrored: its first column on the right.
    func testTablesAreDrawnInAlignedColumnsWrappedWhenTooWide() throws {
        let lines = try run(["dump", fixture("tables.epub"), "--width", "40"])
        let expected = [
            "A table that fits:", "",
            "Oil   | Hours | Smoke",
            "Whale | 6     | little",
            "Colza | 12    | some, in a draught",
            "", "A table too wide for forty cells:", "",
            "Lighthouse | First   | Keeper",
            "             lit",
            "Eddystone  | 1698    | Henry Winstanley",
            "                       and his men",
            "", "Right to left:", "",
            String(repeating: " ", count: 27) + "תועש |    ןמש",
            String(repeating: " ", count: 30) + "6 | ןתיוול",
        ]
        XCTAssertEqual(Array(lines.dropFirst(2).prefix(expected.count)), expected, lines.joined(separator: "\n"))
        // Logical order aligns the same table the same way.
        let logical = try run(["dump", fixture("tables.epub"), "--width", "40", "--logical"])
        XCTAssertEqual(Array(logical.dropFirst(4).prefix(3)), Array(expected[2...4]), logical.joined(separator: "\n"))
        XCTAssertEqual(Array(logical.dropFirst(2 + 8).prefix(4)), Array(expected[8...11]), logical.joined(separator: "\n"))
    }
}
