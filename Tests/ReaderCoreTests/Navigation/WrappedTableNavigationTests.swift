import XCTest
import TextContent
import TextLayout
@testable import ReaderCore

/// A table row wrapped within its columns draws pieces of every cell on each of its lines:
/// a jump to text in a later cell shows the row from its first line, and links in any
/// cell get their hint label where they are drawn.
final class WrappedTableNavigationTests: XCTestCase {
    func book() -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: "Table", format: .epub))
        b.beginChapter(title: "One", source: "1")
        for p in 0..<30 { b.beginBlock(.paragraph); b.append("Filler paragraph number \(p) with some words in it.") }
        for r in 0..<3 {
            b.beginBlock(.tableRow)
            b.append("row\(r) short | ")
            b.append("a much longer second cell that has to wrap over several lines of its column before the ")
            let t = b.beginStyle(.link, targetKey: "far")
            b.append("link\(r)")
            b.endStyle(t)
            b.append(" and a final word zebra\(r)")
        }
        for p in 0..<30 { b.beginBlock(.paragraph); b.append("More filler \(p).") }
        b.defineTarget("far")
        b.beginBlock(.paragraph); b.append("Far.")
        return b.finish()
    }

    func testASearchIntoALaterCellShowsTheRowFromItsFirstLine() {
        let m = ReaderModel(content: book(), position: .zero, columns: 40, rows: 12)
        for c in "/zebra1" { m.handle(.character(c)) }
        m.handle(.enter)
        let top = m.context.visibleLines().first!.line
        XCTAssertTrue(top.flags.contains(.tableSlice), "the page starts in the table")
        XCTAssertTrue(m.content.string(in: top.range).hasPrefix("row1") || top.flags.contains(.blockStart),
                      "the row's first line is on top: \(m.content.string(in: top.range))")
        let page = m.snapshot.page!.lines.flatMap(\.clusters).map(\.text).joined()
        XCTAssertTrue(page.contains("zebra1"), "the match is drawn on the page")
    }

    func testLinksInAWrappedCellGetHintLabels() throws {
        let m = ReaderModel(content: book(), position: .zero, columns: 40, rows: 40)
        for c in "/link0" { m.handle(.character(c)) }
        m.handle(.enter)
        m.handle(.escape)
        m.handle(.character("F"))
        let layer = try XCTUnwrap(m.topLayer as? HintLayer)
        let view = try XCTUnwrap(m.snapshot.views.lazy.compactMap { $0 as? HintView }.first)
        XCTAssertEqual(view.hints.count, layer.links.count, "every link of the page is labelled")
        for (hint, link) in zip(view.hints, layer.links) {
            XCTAssertEqual(m.context.offset(atRow: hint.row, column: hint.column), link.range.lowerBound)
        }
    }
}
