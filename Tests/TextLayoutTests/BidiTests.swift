import TextLayout
import XCTest

/// The public API of `Bidi` beyond the conformance files: the fast path, lines that are
/// part of a paragraph, removed characters, mirroring.
final class BidiTests: XCTestCase {
    func scalars(_ s: String) -> [Unicode.Scalar] { Array(s.unicodeScalars) }

    func testLeftToRightTextTakesTheFastPath() {
        let r = Bidi.resolve(scalars("Hello, world (1984) — naïve café."), direction: .auto)
        XCTAssertTrue(r.isLeftToRightOnly)
        XCTAssertEqual(r.paragraphLevel, 0)
        XCTAssertEqual(r.levels, Array(repeating: 0, count: r.count))
        XCTAssertEqual(r.visualOrder(lineStart: 3, lineEnd: 8), [3, 4, 5, 6, 7])
    }

    func testFastPathLeavesOutRemovedCharacters() {
        // U+00AD SOFT HYPHEN and U+200B ZERO WIDTH SPACE are BN: removed by X9.
        let r = Bidi.resolve(scalars("ab\u{AD}c\u{200B}d"), direction: .leftToRight)
        XCTAssertTrue(r.isLeftToRightOnly)
        XCTAssertEqual(r.levels, [0, 0, nil, 0, nil, 0])
        XCTAssertEqual(r.visualOrder(lineStart: 0, lineEnd: 6), [0, 1, 3, 5])
    }

    func testRightToLeftDirectionOnLatinText() {
        // N1: the space between two L is L; the final "!" is between L and eos (R): N2 → R.
        let r = Bidi.resolve(scalars("ab c!"), direction: .rightToLeft)
        XCTAssertFalse(r.isLeftToRightOnly)
        XCTAssertEqual(r.paragraphLevel, 1)
        XCTAssertEqual(r.levels, [2, 2, 2, 2, 1])
        XCTAssertEqual(r.visualOrder(lineStart: 0, lineEnd: 5), [4, 0, 1, 2, 3])
    }

    func testHebrewWithNumberAndLatin() {
        // "שלום 123 abc" : an RTL paragraph (P2: the first strong is R).
        let text = scalars("שלום 123 abc")
        let r = Bidi.resolve(text, direction: .auto)
        XCTAssertEqual(r.paragraphLevel, 1)
        XCTAssertEqual(r.levels, [1, 1, 1, 1, 1, 2, 2, 2, 1, 2, 2, 2])
        // On screen, left to right: "abc 123 םולש".
        let visual = r.visualOrder(lineStart: 0, lineEnd: text.count).map { text[$0] }
        XCTAssertEqual(String(String.UnicodeScalarView(visual)), "abc 123 םולש")
    }

    func testLinesOfOneParagraphAreReorderedSeparately() {
        let text = scalars("אבג דהו זחט")
        let r = Bidi.resolve(text, direction: .auto)
        // L1: the trailing space of the first line goes to the paragraph level (1).
        XCTAssertEqual(r.lineLevels(lineStart: 0, lineEnd: 4), [1, 1, 1, 1])
        XCTAssertEqual(r.visualOrder(lineStart: 0, lineEnd: 4), [3, 2, 1, 0])
        XCTAssertEqual(r.visualOrder(lineStart: 4, lineEnd: 11), [10, 9, 8, 7, 6, 5, 4])
    }

    func testTrailingWhitespaceInLeftToRightRunOfRightToLeftParagraph() {
        // L1: the space at the end of the line takes level 1 even inside an L run.
        let r = Bidi.resolve(scalars("א ab "), direction: .auto)
        XCTAssertEqual(r.lineLevels(lineStart: 0, lineEnd: 5), [1, 1, 2, 2, 1])
    }

    func testEmptyParagraph() {
        XCTAssertEqual(Bidi.resolve([], direction: .auto).visualOrder(lineStart: 0, lineEnd: 0), [])
        XCTAssertEqual(Bidi.resolve([], direction: .rightToLeft).paragraphLevel, 1)
    }

    func testFirstStrongSkipsIsolates() {
        XCTAssertEqual(Bidi.firstStrongLevel(scalars("123 \u{2067}abc\u{2069} שלום")), 1)
        XCTAssertEqual(Bidi.firstStrongLevel(scalars("123 ...")), nil)
        XCTAssertEqual(Bidi.firstStrongLevel(scalars("abc שלום")), 0)
    }

    func testMirroredGlyphs() {
        XCTAssertEqual(Bidi.mirroredGlyph(of: "("), ")")
        XCTAssertEqual(Bidi.mirroredGlyph(of: "]"), "[")
        XCTAssertEqual(Bidi.mirroredGlyph(of: "«"), "»")
        XCTAssertNil(Bidi.mirroredGlyph(of: "a"))
    }

    func testReorderLevels() {
        XCTAssertEqual(Bidi.reorder(levels: [0, 1, 1, 2, 2, 1, 0]), [0, 5, 3, 4, 2, 1, 6])
        XCTAssertEqual(Bidi.reorder(levels: [1, BidiResult.removedLevel, 1], offset: 10), [12, 10])
    }
}
