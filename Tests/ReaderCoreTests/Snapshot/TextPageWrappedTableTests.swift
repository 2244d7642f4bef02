import XCTest
import Screen
import TextContent
@testable import ReaderCore

/// Tables on the full-screen page: wrapped within their columns as `dump` draws them
/// (`TextLayout.forEachCluster`), every cluster in the page's buffers, search highlights
/// on the clusters where they are drawn.
final class TextPageWrappedTableTests: XCTestCase {
    func book() -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: "t", format: .epub))
        for row in [["Name", "Age", "Town"], ["Bartholomew", "7", "Ely"], ["Al", "102", "Stow-on-the-Wold"]] {
            b.beginBlock(.tableRow)
            b.append(row.joined(separator: " | "))
            b.endBlock()
        }
        return b.finish()
    }

    func testAWrappedTableReachesTheScreen() {
        let model = ReaderModel(content: book(), position: .zero, columns: 30, rows: 8, preferredWidth: 30)
        var buffer = ScreenBuffer(width: model.columns, height: model.screenRows)
        Renderer(theme: .plain).render(model.snapshot, into: &buffer)
        let rows = (0..<buffer.height).map { buffer.rowText($0) }
        // 30 columns, 26 of text: "Bartholomew" whole, six cells for the towns.
        XCTAssertEqual(Array(rows.prefix(7)), [
            "  Name        | Age | Town    ",
            "  Bartholomew | 7   | Ely     ",
            "  Al          | 102 | Stow-   ",
            "                      on-     ",
            "                      the-    ",
            "                      Wold    ",
            "                              ",
        ])
    }

    func testASearchMatchIsHighlightedWhereItIsDrawn() {
        let model = ReaderModel(content: book(), position: .zero, columns: 30, rows: 8, preferredWidth: 30)
        for c in "/Wold" { model.handle(.character(c)) }
        model.handle(.enter)
        let lines = model.snapshot.page!.lines
        let marked = lines.map { $0.clusters.filter { $0.match != .none }.map(\.text).joined() }
        XCTAssertEqual(marked, ["", "", "", "", "", "Wold"], "on the row's last line, in the third column")
        XCTAssertEqual(lines[2].clusters.map(\.text).joined(), "Al|102|Stow-", "the separators are drawn clusters of the first line")
    }
}
