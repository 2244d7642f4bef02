import XCTest
import Screen
import TextContent
@testable import ReaderCore

/// The note popup: the note's text without its backlink, in a box of at most 60 % of
/// the text rows, scrolling, closing, and going to the note in the book.
final class NotePopupLayerTests: XCTestCase {
    func open(note index: Int, columns: Int = 60, rows: Int = 16) -> ReaderModel {
        let m = LinkBook.model(columns: columns, rows: rows)
        let ref = m.context.visibleLinks().filter { $0.style == .noteReference }[index]
        m.context.selectedLink = ref.range
        m.handle(.enter)
        return m
    }

    func popup(_ m: ReaderModel) -> NotePopupView? {
        m.snapshot.views.lazy.compactMap { $0 as? NotePopupView }.first
    }

    func text(_ view: NotePopupView) -> [String] {
        view.lines.map { line in
            var s = ""
            var col = 0
            for c in line.clusters {
                s += String(repeating: " ", count: max(0, c.column - col)) + c.text
                col = c.column + c.width
            }
            return s
        }
    }

    func testTheShortNoteShowsItsTextWithoutTheBacklink() throws {
        let m = open(note: 0)
        let view = try XCTUnwrap(popup(m))
        XCTAssertEqual(text(view), [LinkBook.shortNote])
        XCTAssertEqual(view.frame.height, 3, "one line and the border")
        XCTAssertEqual(view.position, "")
        XCTAssertNotNil(m.snapshot.page, "the page stays under the box")
    }

    func testALongNoteIsCutTo60PercentAndScrolls() throws {
        let m = open(note: 1, rows: 21)
        var view = try XCTUnwrap(popup(m))
        XCTAssertEqual(view.frame.height, 12, "60 % of the 20 text rows")
        XCTAssertEqual(view.lines.count, 10)
        let all = text(view)
        XCTAssertTrue(all[0].trimmingCharacters(in: .whitespaces).hasPrefix("Long note sentence 1."), all[0])
        XCTAssertTrue(view.position.hasPrefix("1–10/"), view.position)
        m.handle(.character("j"))
        view = try XCTUnwrap(popup(m))
        XCTAssertEqual(text(view)[0], all[1])
        m.handle(.character(" "))
        view = try XCTUnwrap(popup(m))
        XCTAssertEqual(view.position.prefix(5), "12–21")
        for _ in 0..<20 { m.handle(.character(" ")) }
        view = try XCTUnwrap(popup(m))
        XCTAssertTrue(text(view).last!.hasSuffix("sentence \(LinkBook.longNoteSentences)."), "scrolled to the end, no further: \(text(view))")
        m.handle(.character("b")); m.handle(.character("k"))
        XCTAssertNotEqual(try XCTUnwrap(popup(m)).lines, view.lines)
        let page = m.position
        XCTAssertEqual(m.position, page, "scrolling the note does not move the page")
    }

    func testEscAndQCloseAndOtherKeysStay() {
        for key in [Input.escape, .character("q")] {
            let m = open(note: 0)
            m.handle(.character("t"))
            m.handle(.character("G"))
            XCTAssertTrue(m.topLayer is NotePopupLayer, "keys of the page below do nothing")
            XCTAssertEqual(m.position, .zero)
            m.handle(key)
            XCTAssertTrue(m.topLayer is ReadingLayer)
            XCTAssertNil(popup(m))
        }
    }

    func testAClickOutsideTheBoxClosesItAndInsideDoesNot() throws {
        let m = open(note: 0)
        let frame = try XCTUnwrap(popup(m)).frame
        m.handle(.click(row: frame.row + 1, column: frame.column + 3))
        XCTAssertTrue(m.topLayer is NotePopupLayer)
        m.handle(.click(row: frame.row + frame.height + 1, column: 0))
        XCTAssertTrue(m.topLayer is ReadingLayer)
    }

    func testEnterGoesToTheNoteAndCtrlOComesBack() {
        let m = open(note: 0)
        let note = (m.topLayer as! NotePopupLayer).note
        XCTAssertEqual(m.handle(.enter), [.positionChanged])
        XCTAssertTrue(m.topLayer is ReadingLayer)
        XCTAssertTrue(m.context.visibleLines().contains { $0.line.range.contains(note.lowerBound) })
        XCTAssertEqual(m.content.chapters[m.progress.chapter].title, "Notes")
        m.handle(.control("o"))
        XCTAssertEqual(m.position, .zero)
    }

    func testTheBoxIsBelowAReferenceInTheTopHalf() throws {
        let m = open(note: 0)
        let view = try XCTUnwrap(popup(m))
        let ref = m.context.cell(of: (m.topLayer as! NotePopupLayer).reference)!
        XCTAssertEqual(view.frame.row, ref.row + 1)
        XCTAssertLessThanOrEqual(view.frame.row + view.frame.height, m.textRows)
    }

    func testTheBoxFitsTinyScreens() throws {
        for (columns, rows) in [(8, 4), (20, 6), (3, 3)] {
            let m = LinkBook.model(columns: columns, rows: rows)
            let ref = m.content.styles.filter { $0.style == .noteReference }[1]
            m.push(NotePopupLayer(reference: ref.range, note: m.content.noteRange(at: ref.target!)!, content: m.content))
            let view = try XCTUnwrap(popup(m))
            XCTAssertLessThanOrEqual(view.frame.column + view.frame.width, columns)
            XCTAssertLessThanOrEqual(view.frame.row + view.frame.height, m.textRows)
            var buffer = ScreenBuffer(width: columns, height: rows)
            Renderer(theme: .plain).render(m.snapshot, into: &buffer)   // no trap
        }
    }
}
