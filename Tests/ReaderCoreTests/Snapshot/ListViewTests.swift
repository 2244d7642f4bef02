import XCTest
import Screen
@testable import ReaderCore

final class ListViewTests: XCTestCase {
    let geometry = ScreenGeometry(columns: 30, rows: 8, textRows: 7, textWidth: 26)   // 5 list rows

    func view(count: Int, selected: Int) -> ListView {
        ListView(title: "T", count: count, selected: selected, geometry: geometry) { "e\($0)" }
    }

    func testAShortListIsShownWhole() {
        let v = view(count: 3, selected: 2)
        XCTAssertEqual(v.entries, ["e0", "e1", "e2"])
        XCTAssertEqual(v.selectedRow, 2)
        XCTAssertEqual(v.firstIndex, 0)
    }

    func testTheWindowKeepsTheSelectionInTheMiddleButNeverPastTheEnds() {
        XCTAssertEqual(view(count: 20, selected: 1).firstIndex, 0)
        XCTAssertEqual(view(count: 20, selected: 10).firstIndex, 8)
        XCTAssertEqual(view(count: 20, selected: 10).selectedRow, 2)
        XCTAssertEqual(view(count: 20, selected: 19).entries, ["e15", "e16", "e17", "e18", "e19"])
        XCTAssertEqual(view(count: 20, selected: 19).selectedRow, 4)
        var asked: [Int] = []
        _ = ListView(title: "T", count: 1000, selected: 500, geometry: geometry) { asked.append($0); return "" }
        XCTAssertEqual(asked, Array(498...502), "only the entries shown are made")
    }

    func testDrawsTheTitleThenTheEntriesWithTheSelectionHighlighted() {
        var buffer = ScreenBuffer(width: 30, height: 8)
        view(count: 3, selected: 1).draw(in: geometry, into: &buffer, renderer: Renderer(theme: .plain))
        XCTAssertEqual(buffer.rowText(0, trimmed: true), "  T")
        XCTAssertEqual(buffer.rowText(1, trimmed: true), "")
        XCTAssertEqual(buffer.rowText(3, trimmed: true), "  e1")
        XCTAssertEqual(buffer[3, 2].style, Theme.plain.selection)
        XCTAssertEqual(buffer[3, 27].style, Theme.plain.selection, "the whole column width")
        XCTAssertEqual(buffer[2, 2].style, Theme.plain.text)
    }
}
