import XCTest
import TextContent
@testable import TextLayout

/// Tables laid out as aligned columns (`TableColumns`, `TextLayout.tableColumns`): the
/// cells of each row start at their column when the table fits the width (narrower
/// columns: `TableGridTests`), and rows wrap as paragraphs (separators kept) when not even
/// the narrowest columns fit.
final class TableColumnsTests: XCTestCase {
    func book(_ rows: [[String]], direction: TextDirection = .unspecified) -> TextContent {
        TableDrawing.book(rows, direction: direction)
    }

    func draw(_ content: TextContent, width: Int, logical: Bool = false) -> [String] {
        TableDrawing.draw(content, width: width, logical: logical)
    }

    let threeColumns = [["Name", "Age", "Town"], ["Bartholomew", "7", "Ely"], ["Al", "102", "Stow-on-the-Wold"]]

    func testCellsOfATableThatFitsStartAtTheirColumns() {
        let content = book(threeColumns)
        let expected = [
            "Before.",
            "Name        | Age | Town",
            "Bartholomew | 7   | Ely",
            "Al          | 102 | Stow-on-the-Wold",
            "After.",
        ]
        XCTAssertEqual(draw(content, width: 40), expected)
        XCTAssertEqual(draw(content, width: 40, logical: true), expected, "logical order: the same columns")
        XCTAssertEqual(draw(content, width: 36), expected, "exactly as wide as the text column")
    }

    func testTheLinesThemselvesDoNotChange() {
        let content = book(threeColumns)
        let options = LayoutOptions(width: 40, paragraphSpacing: false)
        let lines = TextLayout.layout(content, range: content.fullRange, options: options).lines
        XCTAssertEqual(lines.map(\.width), [7, 17, 21, 27, 6], "a line keeps its natural width and its bytes")
        let columns = TextLayout.tableColumns(of: lines[1], in: content, options: options)
        XCTAssertEqual(columns?.widths, [11, 3, 16])
        XCTAssertEqual(columns?.totalWidth, 36)
        XCTAssertEqual(columns?.rows, 1..<4)
        XCTAssertNil(TextLayout.tableColumns(of: lines[0], in: content, options: options), "not a row")
    }

    func testATableTooWideForEvenItsNarrowestColumnsWrapsItsRowsAsParagraphs() {
        let content = book(threeColumns)
        XCTAssertEqual(draw(content, width: 20), [
            "Before.",
            "Name | Age | Town",
            "Bartholomew | 7 |",
            "Ely",
            "Al | 102 | Stow-on-",
            "the-Wold",
            "After.",
        ], "6 + 3 + 6 cells and two separators do not fit 20 (TableGridTests: narrower columns)")
    }

    func testRowsWithDifferentNumbersOfCellsAreNotAligned() {
        let content = book([["Wide heading spanning"], ["a", "bb"], ["ccc", "d"]])
        XCTAssertEqual(Array(draw(content, width: 40)[1...3]), ["Wide heading spanning", "a | bb", "ccc | d"])
    }

    func testWideCharactersAreMeasuredInCells() {
        let content = book([["漢字", "x"], ["abc", "y"]])
        XCTAssertEqual(Array(draw(content, width: 20)[1...2]), ["漢字 | x", "abc  | y"])
    }

    func testRightToLeftRowsAreAlignedMirrored() {
        let content = book([["שלום", "א"], ["ab", "בבבבב"]], direction: .rightToLeft)
        let drawn = draw(content, width: 20)
        XCTAssertEqual(drawn[1], String(repeating: " ", count: 12) + "א | םולש", "the first column on the right")
        XCTAssertEqual(drawn[2], String(repeating: " ", count: 8) + "בבבבב |   ab", "each cell against its column's right edge")
    }

    func testTheCacheMeasuresEachTableOnce() {
        let content = book(threeColumns)
        let options = LayoutOptions(width: 40, paragraphSpacing: false)
        let lines = TextLayout.layout(content, range: content.fullRange, options: options).lines
        let tables = TableColumnCache()
        for line in lines { _ = TextLayout.tableColumns(of: line, in: content, options: options, tables: tables) }
        XCTAssertEqual(tables.measurements, 1)
    }

    /// Random tables (a fixed seed) of awkward cells: wide, combining, zero-width, spaces,
    /// bars. An aligned row stays inside its table and the text column, its clusters do not
    /// overlap, and every row's separators are at the same columns.
    func testRandomTablesStayInsideTheirColumns() {
        let pieces = ["a", "bc", "漢", "e\u{301}", "\u{200B}", " ", "|", " | x", "\u{605}", "👍🏽", "ﷺ", "-"]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        var aligned = 0
        for _ in 0..<300 {
            let cellCount = 2 + next(3)
            let rows = (0..<(1 + next(4))).map { _ in
                (0..<cellCount).map { _ in (0..<(1 + next(4))).map { _ in pieces[next(pieces.count)] }.joined() }
            }
            let content = book(rows)
            let width = 8 + next(40)
            let options = LayoutOptions(width: width, paragraphSpacing: false)
            var bars: Set<[Int]> = []
            for line in TextLayout.layout(content, range: content.fullRange, options: options).lines {
                guard let columns = TextLayout.tableColumns(of: line, in: content, options: options) else { continue }
                aligned += 1
                var end = 0
                var separators: [Int] = []
                TextLayout.forEachLogicalCluster(of: line, in: content, options: options) { cluster in
                    XCTAssertGreaterThanOrEqual(cluster.column, end, "\(rows) at \(width)")
                    end = cluster.column + cluster.width
                    if content.string(in: cluster.range) == "|" { separators.append(cluster.column) }
                }
                XCTAssertLessThanOrEqual(end, min(width, columns.totalWidth), "\(rows) at \(width)")
                // Bars in cells, or a prepended mark taking the space of a separator, make
                // other cells: the separators are checked on tables without them.
                let plain = !rows.joined().contains { $0.contains("|") || $0.contains("\u{605}") }
                if plain {
                    XCTAssertEqual(separators, (1..<columns.widths.count).map { columns.start(ofColumn: $0) - 2 }, "\(rows) at \(width)")
                    bars.insert(separators)
                }
            }
            XCTAssertLessThanOrEqual(bars.count, 1, "\(rows) at \(width)")
        }
        XCTAssertGreaterThan(aligned, 100, "enough aligned rows to mean something")
    }
}
