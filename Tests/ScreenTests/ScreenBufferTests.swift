import XCTest
@testable import Screen
import TestSupport

/// Cell width for the test palette: CJK and emoji are wide, everything else narrow.
func testWidth(_ ch: Character) -> Int {
    guard let s = ch.unicodeScalars.first else { return 0 }
    switch s.value {
    case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60,
         0x1F300...0x1FAFF:
        return 2
    default:
        return 1
    }
}

final class ScreenBufferTests: XCTestCase {
    func testNewBufferIsBlank() {
        let b = ScreenBuffer(width: 4, height: 2)
        XCTAssertEqual(b.rowText(0), "    ")
        XCTAssertEqual(b.text(), "    \n    ")
        XCTAssertEqual(b.cells.count, 8)
    }

    func testPutTextGolden() {
        var b = ScreenBuffer(width: 10, height: 3)
        let used = b.putText("Hello, 世界!", row: 1, col: 1, width: testWidth)
        XCTAssertEqual(used, 9)  // "Hello, " (7) + 世 (2); 界 would need 11 > 9 columns
        XCTAssertEqual(b.rowText(0), "          ")
        XCTAssertEqual(b.rowText(1), " Hello, 世")
        XCTAssertEqual(b.rowText(1, trimmed: true), " Hello, 世")
        XCTAssertTrue(b[1, 8].isWide)
        XCTAssertTrue(b[1, 9].isContinuation)
    }

    func testPutTextMaxWidthNeverSplitsWideGlyph() {
        var b = ScreenBuffer(width: 10, height: 1)
        XCTAssertEqual(b.putText("ab漢字", row: 0, col: 0, maxWidth: 5, width: testWidth), 4)
        XCTAssertEqual(b.rowText(0), "ab漢      ")
        XCTAssertEqual(b.putText("xyz", row: 0, col: 8, width: testWidth), 2)
        XCTAssertEqual(b.rowText(0), "ab漢    xy")
    }

    func testPutTextSkipsZeroWidth() {
        var b = ScreenBuffer(width: 5, height: 1)
        let used = b.putText("a\u{200B}b", row: 0, col: 0) { $0 == "\u{200B}" ? 0 : 1 }
        XCTAssertEqual(used, 2)
        XCTAssertEqual(b.rowText(0), "ab   ")
    }

    func testPutClusters() {
        var b = ScreenBuffer(width: 6, height: 1)
        let used = b.putClusters([("e\u{301}", 1), ("漢", 2), ("x", 1)], row: 0, col: 1)
        XCTAssertEqual(used, 4)
        XCTAssertEqual(b.rowText(0), " e\u{301}漢x ")
        XCTAssertEqual(b[0, 1].grapheme, "e\u{301}")
    }

    func testPutPackedIsPutOfTheSameCluster() {
        var packed = ScreenBuffer(width: 6, height: 2), strings = ScreenBuffer(width: 6, height: 2)
        for (g, w, col) in [("a", 1, 0), ("e\u{301}", 1, 1), ("漢", 2, 2), ("漢", 2, 5)] {
            XCTAssertEqual(packed.put(PackedGrapheme(g), width: w, row: 1, col: col),
                           strings.put(g, width: w, row: 1, col: col), g)
        }
        XCTAssertEqual(packed.put(PackedGrapheme(ascii: 0x41), width: 1, row: 2, col: 0), 0, "outside the grid")
        XCTAssertEqual(packed.put(PackedGrapheme(ascii: 0x41), width: 0, row: 0, col: 0), 0, "no width")
        XCTAssertEqual(PackedGrapheme(ascii: 0x41), PackedGrapheme("A"))
        XCTAssertEqual(PackedGrapheme("漢").string, "漢")
        XCTAssertEqual(packed, strings)
        XCTAssertEqual(packed.rowText(1), "ae\u{301}漢  ")
        assertInvariants(packed)
    }

    func testWideGlyphInLastColumnBecomesSpace() {
        var b = ScreenBuffer(width: 3, height: 1)
        XCTAssertEqual(b.put("漢", width: 2, row: 0, col: 2), 1)
        XCTAssertEqual(b.rowText(0), "   ")
        XCTAssertEqual(b[0, 2].width, 1)
    }

    func testOverwritingLeftHalfBlanksRightHalf() {
        var b = ScreenBuffer(width: 4, height: 1)
        let red = CellStyle(foreground: .red)
        b.put("漢", width: 2, row: 0, col: 1, style: red)
        b.put("x", width: 1, row: 0, col: 1)
        XCTAssertEqual(b.rowText(0), " x  ")
        XCTAssertEqual(b[0, 2], Cell.blank(red))
    }

    func testOverwritingRightHalfBlanksLeftHalf() {
        var b = ScreenBuffer(width: 4, height: 1)
        b.put("漢", width: 2, row: 0, col: 1)
        b.put("x", width: 1, row: 0, col: 2)
        XCTAssertEqual(b.rowText(0), "  x ")
        XCTAssertFalse(b[0, 1].isWide)
    }

    func testWideOverWideOffsetByOne() {
        var b = ScreenBuffer(width: 6, height: 1)
        b.put("漢", width: 2, row: 0, col: 1)
        b.put("字", width: 2, row: 0, col: 3)
        b.put("語", width: 2, row: 0, col: 2)   // covers right half of 漢 and left half of 字
        XCTAssertEqual(b.rowText(0), "  語  ")
        XCTAssertTrue(b[0, 2].isWide && b[0, 3].isContinuation)
        XCTAssertEqual(b[0, 1], .blank())
        XCTAssertEqual(b[0, 4], .blank())
    }

    func testOutOfBoundsIsClipped() {
        var b = ScreenBuffer(width: 3, height: 2)
        XCTAssertEqual(b.put("x", width: 1, row: -1, col: 0), 0)
        XCTAssertEqual(b.put("x", width: 1, row: 2, col: 0), 0)
        XCTAssertEqual(b.put("x", width: 1, row: 0, col: 3), 0)
        XCTAssertEqual(b.put("x", width: 0, row: 0, col: 0), 0)
        XCTAssertEqual(b.putText("abc", row: 0, col: -1, width: { _ in 1 }), 3)
        XCTAssertEqual(b.rowText(0), "bc ")
        XCTAssertNil(b.cell(row: 5, col: 5))
        XCTAssertEqual(b.text(), "bc \n   ")
    }

    func testGraphemesRoundTripInlineAndInterned() {
        let samples = ["a", "é", "e\u{301}", "漢", "👍🏽", "123456789012345", "1234567890123456",
                       "👨‍👩‍👧‍👦", "🏳️‍🌈", "a\u{300}\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}", ""]
        for g in samples {
            let cell = Cell(g)
            XCTAssertEqual(cell.grapheme, g)
            XCTAssertEqual(Cell(g), cell, "equal clusters have equal cells")
            var other = cell
            other.grapheme = "x"
            XCTAssertNotEqual(other, cell)
            other.grapheme = g
            XCTAssertEqual(other, cell)
        }
        XCTAssertNotEqual(Cell("1234567890123456"), Cell("1234567890123457"))
        XCTAssertLessThanOrEqual(MemoryLayout<Cell>.stride, 32)
        XCTAssertTrue(_isPOD(Cell.self), "cells are plain memory: no reference counting")
    }

    func testPutOverloads() {
        var b = ScreenBuffer(width: 8, height: 1)
        b.put(Character("漢"), width: 2, row: 0, col: 0)
        b.put("xyz".dropFirst(), width: 1, row: 0, col: 2)   // Substring "yz" treated as one cell's text
        let good: [UInt8] = Array("é".utf8), bad: [UInt8] = [0x9B, 0x31, 0x6D]
        good.withUnsafeBufferPointer { _ = b.put(utf8: $0, width: 1, row: 0, col: 3) }
        bad.withUnsafeBufferPointer { _ = b.put(utf8: $0, width: 1, row: 0, col: 4) }
        XCTAssertEqual(b.rowText(0), "漢yzé\u{FFFD}   ")
        let enc = ANSIEncoder().encodeFull(b)
        XCTAssertFalse(enc.contains(0x9B))
    }

    func testEmptyGraphemeStoredAsSpace() {
        var b = ScreenBuffer(width: 2, height: 1)
        b.put("", width: 1, row: 0, col: 0)
        XCTAssertEqual(b[0, 0].grapheme, " ")
    }

    func testClearAndFill() {
        var b = ScreenBuffer(width: 5, height: 3)
        let blue = CellStyle(background: .blue)
        b.putText("abcde", row: 1, col: 0, width: { _ in 1 })
        b.fill(row: 1, col: 1, width: 2, height: 5, grapheme: "-", style: blue)
        XCTAssertEqual(b.text(), "     \na--de\n --  ")
        XCTAssertEqual(b[2, 1].style, blue)
        b.clear(style: blue)
        XCTAssertTrue(b.cells.allSatisfy { $0 == .blank(blue) })
    }

    func testFillCutsWideGlyph() {
        var b = ScreenBuffer(width: 4, height: 1)
        b.put("漢", width: 2, row: 0, col: 0)
        b.fill(row: 0, col: 1, width: 1, height: 1, grapheme: "#")
        XCTAssertEqual(b.rowText(0), " #  ")
    }

    func testModifyStyleCoversWholeWideGlyph() {
        var b = ScreenBuffer(width: 5, height: 1)
        b.put("漢", width: 2, row: 0, col: 1)
        b.modifyStyle(row: 0, col: 2, width: 1, height: 1) { $0.reverse = true }
        XCTAssertTrue(b[0, 1].style.reverse)
        XCTAssertTrue(b[0, 2].style.reverse)
        XCTAssertFalse(b[0, 3].style.reverse)
        XCTAssertEqual(b.rowText(0), " 漢  ")
    }

    func testResizeKeepsTopLeftAndCutsWideGlyph() {
        var b = ScreenBuffer(width: 5, height: 2)
        b.putText("ab漢c", row: 0, col: 0, width: testWidth)
        b.resize(width: 3, height: 3)
        XCTAssertEqual(b.width, 3)
        XCTAssertEqual(b.height, 3)
        XCTAssertEqual(b.text(), "ab \n   \n   ")
        b.resize(width: 0, height: 0)
        XCTAssertEqual(b.cells.count, 0)
        XCTAssertEqual(b.text(), "")
    }

    func testStyleAccessors() {
        var s = CellStyle()
        s.bold = true; s.italic = true; s.underline = true; s.dim = true; s.reverse = true
        XCTAssertEqual(s.attributes, [.bold, .italic, .underline, .dim, .reverse])
        s.bold = false
        XCTAssertFalse(s.attributes.contains(.bold))
        XCTAssertEqual(CellStyle(foreground: .red, background: .rgb(1, 2, 3), attributes: .bold).withoutColors,
                       CellStyle(attributes: .bold))
    }

    /// Random puts never break the wide-glyph invariants.
    func testRandomPutsKeepInvariants() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<500 {
            let b = randomBuffer(&rng, width: Int.random(in: 1...9, using: &rng), height: Int.random(in: 1...4, using: &rng))
            assertInvariants(b)
        }
    }
}

func assertInvariants(_ b: ScreenBuffer, file: StaticString = #filePath, line: UInt = #line) {
    for r in 0..<b.height {
        for c in 0..<b.width {
            let cell = b[r, c]
            if cell.isWide {
                XCTAssertLessThan(c, b.width - 1, "wide glyph in last column", file: file, line: line)
                if c + 1 < b.width {
                    XCTAssertTrue(b[r, c + 1].isContinuation, "wide without continuation", file: file, line: line)
                }
            }
            if cell.isContinuation {
                XCTAssertTrue(c > 0 && b[r, c - 1].isWide, "orphan continuation", file: file, line: line)
            }
        }
    }
}
