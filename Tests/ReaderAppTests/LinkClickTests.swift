import Foundation
import ReaderCore
import Screen
import Terminal
import XCTest
@testable import ReaderApp

/// Links through the whole loop: SGR mouse reports (as a terminal sends them) decoded,
/// mapped and followed; the note popup drawn on the frame. (An extension: the harness
/// and the temporary folders are `ReaderLoopTests`'.)
extension ReaderLoopTests {
    static var featuresBook: String { fixtures.appendingPathComponent("epub/epub3-features.epub").path }

    /// The press a terminal sends for a left click on the cell (zero-based), decoded.
    func sgrClick(row: Int, column: Int) -> TerminalEvent {
        var decoder = KeyDecoder()
        let events = decoder.feed(Array("\u{1B}[<0;\(column + 1);\(row + 1)M".utf8))
        guard case .mouse(let m)? = events.first.map({ event -> TerminalEvent? in
            if case .mouse(let m) = event { return .mouse(m) }
            return nil
        }) ?? nil else { XCTFail("no mouse event decoded"); return .resize(TerminalSize(columns: 1, rows: 1)) }
        return .mouse(m)
    }

    /// Where `text` is on the frame (zero-based row and column; ASCII rows only).
    func findOnFrame(_ text: String, in h: Harness) -> (row: Int, column: Int)? {
        for (row, line) in h.rows.enumerated() {
            if let r = line.range(of: text) { return (row, line.distance(from: line.startIndex, to: r.lowerBound)) }
        }
        return nil
    }

    func testAnSGRClickOnALinkFollowsItAndCtrlOComesBack() throws {
        let h = try open(Self.featuresBook)
        try h.play()
        var place: (row: Int, column: Int)?
        for _ in 0..<10 where place == nil {
            place = findOnFrame("the harbour", in: h)
            if place == nil { h.device.type(" "); try h.play() }
        }
        let link = try XCTUnwrap(place, "the link is on a page")
        let before = h.model.position
        h.device.send(sgrClick(row: link.row, column: link.column + 2))
        try h.play()
        XCTAssertEqual(h.model.content.chapters[h.model.progress.chapter].title, "Two: Harbour Lights")
        h.device.send(.key(KeyEvent(.character("o"), modifiers: .control)))
        try h.play()
        XCTAssertEqual(h.model.position, before)
    }

    func testAClickOnANoteReferenceDrawsThePopup() throws {
        let h = try open(Self.featuresBook)
        try h.play()
        let sentence = try XCTUnwrap(findOnFrame("each step.1", in: h), h.rows.joined(separator: "\n"))
        h.device.send(sgrClick(row: sentence.row, column: sentence.column + "each step.".count))
        try h.play()
        XCTAssertTrue(h.rows.contains { $0.contains("┌─ Note") }, h.rows.joined(separator: "\n"))
        XCTAssertTrue(h.rows.contains { $0.contains("The lamp has been lit every evening") })
        h.device.send(.key(KeyEvent(.escape)))
        try h.play()
        XCTAssertFalse(h.rows.contains { $0.contains("┌─ Note") })
    }

    func testShiftTabAndMousePressesMapToTheirInputs() {
        XCTAssertEqual(InputMapping.input(for: KeyEvent(.tab, modifiers: .shift)), .backTab)
        XCTAssertEqual(InputMapping.input(for: KeyEvent(.tab)), .tab)
        XCTAssertEqual(InputMapping.input(for: MouseEvent(.press(.left), column: 7, row: 3)), .click(row: 3, column: 7))
        XCTAssertEqual(InputMapping.input(for: MouseEvent(.release(.left), column: 7, row: 3)), .release(row: 3, column: 7))
        XCTAssertEqual(InputMapping.input(for: MouseEvent(.drag(.left), column: 8, row: 3)), .drag(row: 3, column: 8))
        XCTAssertEqual(InputMapping.input(for: MouseEvent(.press(.left), column: 7, row: 3, modifiers: .control)),
                       .modifiedClick(row: 3, column: 7))
        XCTAssertNil(InputMapping.input(for: MouseEvent(.press(.right), column: 7, row: 3)))
    }
}
