import XCTest
@testable import TextLayout

/// Where readings go on the ruby row: centred, spread, overhanging as allowed, shifted
/// off each other and the row's edges, cut only when the row cannot hold them.
final class RubyRowPlacementTests: XCTestCase {
    func item(_ start: Int, _ end: Int, _ reading: String, left: Int = 0, right: Int = 0) -> RubyRowPlacement.Item {
        RubyRowPlacement.Item(baseStart: start, baseEnd: end, pieces: reading.map { (String($0), CellWidth.of(String($0))) },
                              allowLeft: left, allowRight: right)
    }

    /// The row as text (spaces between pieces).
    func row(_ items: [RubyRowPlacement.Item], width: Int) -> String {
        var out = "", col = 0
        for p in RubyRowPlacement.place(items, width: width) {
            XCTAssertGreaterThanOrEqual(p.column, col, "overlap")
            XCTAssertLessThanOrEqual(p.column + p.width, width, "past the row")
            out += String(repeating: " ", count: p.column - col) + p.text
            col = p.column + p.width
        }
        return out
    }

    func testAReadingAsWideAsItsBaseSitsOverIt() {
        XCTAssertEqual(row([item(4, 8, "かん")], width: 20), "    かん")
    }

    func testANarrowerReadingIsCentredOrSpread() {
        XCTAssertEqual(row([item(4, 8, "か")], width: 20), "     か", "one character: centred")
        // Two characters over three kanji (6 cells): each at the middle of its share.
        XCTAssertEqual(row([item(0, 6, "あい")], width: 20), "あ い")
        XCTAssertEqual(row([item(0, 12, "abc")], width: 20), " a   b   c")
    }

    func testAWiderReadingOverhangsAsAllowedElseLeansRight() {
        XCTAssertEqual(row([item(4, 6, "わがは", left: 2, right: 2)], width: 20), "  わがは", "centred: 2 each side")
        XCTAssertEqual(row([item(4, 6, "わが", left: 0, right: 2)], width: 20), "    わが", "no room left: all to the right")
        XCTAssertEqual(row([item(4, 6, "わが", left: 2, right: 0)], width: 20), "  わが", "no room right: to the left")
    }

    func testReadingsAreShiftedOffEachOtherAndTheEdges() {
        XCTAssertEqual(row([item(0, 2, "わがはい")], width: 20), "わがはい", "the row's start")
        XCTAssertEqual(row([item(18, 20, "わがはい")], width: 20), "            わがはい", "the row's end")
        // Two bases side by side, each with a reading wider than it: the second moves right.
        XCTAssertEqual(row([item(0, 2, "かん"), item(2, 4, "じい")], width: 20), "かんじい")
        XCTAssertEqual(row([item(2, 4, "かん"), item(4, 6, "じい")], width: 8), "かんじい", "pushed back from the end")
    }

    func testAReadingWiderThanTheRowIsCutNeverOverlapping() {
        let shown = row([item(0, 2, "ながいながいよみがなです")], width: 10)
        XCTAssertEqual(shown, "ながいなが")
        let two = row([item(0, 2, "ああああ"), item(2, 4, "いいいい")], width: 10)
        XCTAssertTrue(two.hasSuffix("いいいい"), two)
        XCTAssertLessThanOrEqual(CellWidth.of(two), 10)
    }
}
