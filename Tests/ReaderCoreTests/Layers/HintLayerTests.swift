import XCTest
import TextContent
@testable import ReaderCore

/// `F`: labels on the links of the page; typing one follows its link.
final class HintLayerTests: XCTestCase {
    func testLabelsAreHomeRowLettersOfOneLength() {
        XCTAssertEqual(HintLabels.labels(count: 3), ["a", "s", "d"])
        let two = HintLabels.labels(count: 10)
        XCTAssertEqual(two.first, "aa")
        XCTAssertEqual(two.last, "sa")
        XCTAssertEqual(Set(two).count, 10)
        XCTAssertEqual(Set(HintLabels.labels(count: 5000)).count, HintLabels.limit)
        XCTAssertTrue(HintLabels.labels(count: 82).allSatisfy { $0.count == 3 })
        XCTAssertEqual(HintLabels.labels(count: 0), [])
    }

    func testFLabelsTheVisibleLinksAtTheirFirstCell() throws {
        let m = LinkBook.model()
        m.handle(.character("F"))
        let layer = try XCTUnwrap(m.topLayer as? HintLayer)
        XCTAssertEqual(layer.labels, ["a", "s", "d", "f", "g"])
        let view = try XCTUnwrap(m.snapshot.views.lazy.compactMap { $0 as? HintView }.first)
        XCTAssertEqual(view.hints.map(\.label), layer.labels)
        for (hint, link) in zip(view.hints, layer.links) {
            let cell = m.context.cell(of: link.range)!
            XCTAssertEqual(hint.row, cell.row)
            XCTAssertEqual(hint.column, cell.column)
        }
        XCTAssertEqual(m.snapshot.status.message, "Type a link's label (Esc: cancel)")
    }

    func testTypingALabelFollowsItsLink() {
        let m = LinkBook.model()
        m.handle(.character("F"))
        m.handle(.character("s"))   // "to chapter two"
        XCTAssertTrue(m.topLayer is ReadingLayer)
        XCTAssertEqual(m.content.chapters[m.progress.chapter].title, "Chapter 2")
        let n = LinkBook.model()
        n.handle(.character("F"))
        n.handle(.character("a"))   // the note reference
        XCTAssertTrue(n.topLayer is NotePopupLayer)
        XCTAssertEqual(n.stack.layers.count, 2, "the hints closed, the popup is over the page")
    }

    func testAnUnknownLabelOrEscCancels() {
        let m = LinkBook.model()
        m.handle(.character("F"))
        m.handle(.character("z"))
        XCTAssertTrue(m.topLayer is ReadingLayer)
        XCTAssertEqual(m.message, "No link labelled \"z\"")
        m.handle(.character("F"))
        m.handle(.escape)
        XCTAssertTrue(m.topLayer is ReadingLayer)
        XCTAssertEqual(m.position, .zero)
    }

    func testTwoLetterLabelsWaitForTheSecondLetterAndBackspaceTakesOneBack() throws {
        var b = TextContentBuilder(metadata: BookMetadata(title: "Many", format: .epub))
        b.beginChapter(title: "One", source: "1")
        b.defineTarget("top")
        b.beginBlock(.paragraph)
        for i in 0..<12 {
            let t = b.beginStyle(.link, targetKey: "far")
            b.append("l\(i)")
            b.endStyle(t)
            b.append(" ")
        }
        for p in 0..<60 { b.beginBlock(.paragraph); b.append("filler \(p)") }
        b.defineTarget("far")
        b.beginBlock(.paragraph); b.append("Far away.")
        let m = ReaderModel(content: b.finish(), position: .zero, columns: 60, rows: 10)
        m.handle(.character("F"))
        m.handle(.character("s"))
        XCTAssertTrue(m.topLayer is HintLayer)
        XCTAssertEqual(try XCTUnwrap(m.snapshot.views.lazy.compactMap { $0 as? HintView }.first).hints.count, 3, "sa ss sd start with s")
        m.handle(.backspace)
        XCTAssertEqual((m.topLayer as? HintLayer)?.typed, "")
        m.handle(.character("s")); m.handle(.character("a"))
        XCTAssertTrue(m.topLayer is ReadingLayer)
        XCTAssertGreaterThan(m.position, .zero)
    }
}
