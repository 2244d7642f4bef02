import XCTest
import Screen
import TextContent
@testable import ReaderCore

final class TextPageTests: XCTestCase {
    func testAPlacedClusterIsSmallAndPlain() {
        XCTAssertEqual(MemoryLayout<PageCluster>.stride, 32)
        XCTAssertTrue(_isPOD(PageCluster.self), "nothing reference-counted in a placed cluster")
        let c = PageCluster(grapheme: PackedGrapheme("漢"), column: 7, width: 2, match: .current)
        XCTAssertEqual(c.text, "漢")
        XCTAssertEqual(c.column, 7)
        XCTAssertEqual(c.width, 2)
    }

    /// What each row shows with `kind`, as text.
    func marked(_ kind: MatchKind, in m: ReaderModel) -> [String] {
        m.snapshot.page!.lines.map { $0.clusters.filter { $0.match == kind }.map(\.text).joined() }
    }

    func testAPhraseAcrossASoftWrapIsOneMatchHighlightedOnBothLinesAlsoAtThePageEdges() throws {
        // At width 20: "abcd efgh 1111 2222" / "3333 4444 5555 6666" / "7777 8888 9999 abcd" / "efgh 0000 1212 3434"…
        let content = BookSearchTests.book(["abcd efgh 1111 2222 3333 4444 5555 6666 7777 8888 9999 abcd efgh 0000 1212 3434 5656 7878 9090 1111 2323 4545"])
        let tall = ReaderModel(content: content, position: .zero, columns: 20, rows: 5)
        for c in "/abcd efgh" { tall.handle(.character(c)) }
        tall.handle(.enter)
        XCTAssertEqual(tall.snapshot.page!.lines.count, 4)
        XCTAssertEqual(marked(.current, in: tall), ["abcdefgh", "", "", ""])
        XCTAssertEqual(marked(.match, in: tall), ["", "", "abcd", "efgh"], "both halves of the wrapped match")
        tall.handle(.character("n"))
        XCTAssertNil(tall.message)
        XCTAssertEqual(tall.content.string(in: try XCTUnwrap(tall.currentMatch)), "abcd efgh", "one match across the wrap")

        let short = ReaderModel(content: content, position: .zero, columns: 20, rows: 4)
        for c in "/abcd efgh" { short.handle(.character(c)) }
        short.handle(.enter)
        XCTAssertEqual(marked(.match, in: short), ["", "", "abcd"], "its first half on the last row")
        for _ in 0..<3 { short.handle(.character("j")) }
        XCTAssertEqual(short.snapshot.page!.lines.first?.clusters.map(\.text).joined(), "efgh000012123434")
        XCTAssertEqual(marked(.match, in: short).first, "efgh", "its second half on the top row")
    }
}

/// List markers on the full-screen page: placed by `TextLayout.listMarker`, as `dump` does.
final class TextPageMarkerTests: XCTestCase {
    func screen(_ content: TextContent, columns: Int = 30, rows: Int = 8) -> [String] {
        let model = ReaderModel(content: content, position: .zero, columns: columns, rows: rows, preferredWidth: columns)
        var buffer = ScreenBuffer(width: model.columns, height: model.screenRows)
        Renderer(theme: .plain).render(model.snapshot, into: &buffer)
        return (0..<buffer.height).map { buffer.rowText($0) }
    }

    func testNumbersAreDrawnBeforeTheirItems() {
        var b = TextContentBuilder(metadata: BookMetadata(title: "t", format: .epub))
        for (i, item) in ["nine", "ten"].enumerated() {
            b.beginBlock(.listItem, level: 1)
            b.append(item)
            b.endBlock()
            b.setListMarker(.decimal, ordinal: Int32(9 + i), inBlocks: i..<i + 1)
        }
        b.indentListBlocks(from: 0, by: 4)
        let rows = screen(b.finish())
        XCTAssertTrue(rows[0].hasSuffix(" 9. nine") || rows[0].contains(" 9. nine"), "\(rows)")
        XCTAssertTrue(rows[1].contains("10. ten"), "\(rows)")
        let nine = rows[0].range(of: "nine")!, ten = rows[1].range(of: "ten")!
        XCTAssertEqual(rows[0].distance(from: rows[0].startIndex, to: nine.lowerBound),
                       rows[1].distance(from: rows[1].startIndex, to: ten.lowerBound), "the texts line up")
    }
}

/// Tables on the full-screen page: cells on the columns `TextLayout.tableColumns` gives,
/// as `dump` draws them.
final class TextPageTableTests: XCTestCase {
    func testTheCellsOfATableLineUpInColumns() {
        var b = TextContentBuilder(metadata: BookMetadata(title: "t", format: .epub))
        for row in [["Name", "Age", "Town"], ["Bartholomew", "7", "Ely"], ["Al", "102", "Stow-on-the-Wold"]] {
            b.beginBlock(.tableRow)
            b.append(row.joined(separator: " | "))
            b.endBlock()
        }
        let model = ReaderModel(content: b.finish(), position: .zero, columns: 40, rows: 6, preferredWidth: 40)
        var buffer = ScreenBuffer(width: model.columns, height: model.screenRows)
        Renderer(theme: .plain).render(model.snapshot, into: &buffer)
        let rows = (0..<buffer.height).map { buffer.rowText($0) }
        let expected = ["Name        | Age | Town", "Bartholomew | 7   | Ely", "Al          | 102 | Stow-on-the-Wold"]
        for (row, text) in zip(rows, expected) {
            XCTAssertTrue(row.contains(text), "\(rows)")
        }
        let bars = rows.prefix(3).map { row in row.indices.filter { row[$0] == "|" }.map { row.distance(from: row.startIndex, to: $0) } }
        XCTAssertEqual(Set(bars).count, 1, "every row's separators at the same columns: \(rows)")
    }
}
