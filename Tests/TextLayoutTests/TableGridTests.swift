import XCTest
import TextContent
@testable import TextLayout

/// Tables wider than the text column (`TableColumnWidths`, `TableGrid`): columns shrunk to
/// fit, cells wrapped within them, each row as many lines as its tallest cell, the lines
/// partitioning the row's bytes; right-to-left tables mirrored.
final class TableGridTests: XCTestCase {
    func book(_ rows: [[String]], direction: TextDirection = .unspecified) -> TextContent {
        TableDrawing.book(rows, direction: direction)
    }

    func draw(_ content: TextContent, width: Int, logical: Bool = false) -> [String] {
        TableDrawing.draw(content, width: width, logical: logical)
    }

    // MARK: Column widths

    func testNaturalWidthsWhenTheyFit() {
        XCTAssertEqual(TableColumnWidths.allocate(natural: [11, 3, 16], words: [11, 3, 5], width: 36), [11, 3, 16])
        XCTAssertEqual(TableColumnWidths.allocate(natural: [11, 3, 16], words: [11, 3, 5], width: 80), [11, 3, 16])
    }

    func testNarrowColumnsKeepTheirMinimumsAndFillTheWidth() {
        // 11 + 3 + 6 minimums (the longest word, the natural width, the floor), 4 left:
        // all to the one column still short of its natural width.
        XCTAssertEqual(TableColumnWidths.allocate(natural: [11, 3, 16], words: [11, 3, 5], width: 30), [11, 3, 10])
        // Shared in proportion to what each lacks: 20 and 10 cells short, 6 to share.
        XCTAssertEqual(TableColumnWidths.allocate(natural: [26, 16, 4], words: [4, 4, 4], width: 6 + 6 + 6 + 4 + 6), [10, 8, 4])
        XCTAssertEqual(TableColumnWidths.allocate(natural: [11, 3, 16], words: [11, 3, 5], width: 26), [11, 3, 6])
        XCTAssertNil(TableColumnWidths.allocate(natural: [11, 3, 16], words: [11, 3, 5], width: 25), "no word is cut")
        XCTAssertNil(TableColumnWidths.allocate(natural: Array(repeating: 9, count: 8), words: Array(repeating: 1, count: 8), width: 60))
    }

    func testRandomAllocationsRespectMinimumsAndWidth() {
        var seed: UInt64 = 42
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        var narrowed = 0
        for _ in 0..<1000 {
            let count = 2 + next(5)
            let natural = (0..<count).map { _ in next(40) }
            let words = natural.map { $0 == 0 ? 0 : 1 + next($0) }
            let width = 4 + next(120)
            let separators = 3 * (count - 1)
            guard let widths = TableColumnWidths.allocate(natural: natural, words: words, width: width) else {
                let least = zip(natural, words).map { min(max(1, $0), max($1, TableColumnWidths.floor)) }.reduce(0, +)
                XCTAssertGreaterThan(least + separators, width, "nil only when the minimums do not fit")
                continue
            }
            if natural.reduce(0, +) + separators <= width {
                XCTAssertEqual(widths, natural)
                continue
            }
            narrowed += 1
            XCTAssertEqual(widths.reduce(0, +) + separators, width, "\(natural) \(words) \(width)")
            for c in 0..<count {
                XCTAssertGreaterThanOrEqual(widths[c], min(max(1, natural[c]), max(words[c], TableColumnWidths.floor)))
                XCTAssertLessThanOrEqual(widths[c], max(1, natural[c]))
            }
        }
        XCTAssertGreaterThan(narrowed, 200)
    }

    // MARK: Wrapped rows

    let threeColumns = [["Name", "Age", "Town"], ["Bartholomew", "7", "Ely"], ["Al", "102", "Stow-on-the-Wold"]]

    func testCellsWrapWithinTheirColumns() {
        let content = book(threeColumns)
        let expected = [
            "Before.",
            "Name        | Age | Town",
            "Bartholomew | 7   | Ely",
            "Al          | 102 | Stow-on-",
            "                    the-Wold",
            "After.",
        ]
        XCTAssertEqual(draw(content, width: 30), expected)
        XCTAssertEqual(draw(content, width: 30, logical: true), expected)
        // The narrowest: "Bartholomew" whole, six cells for the towns.
        XCTAssertEqual(Array(draw(content, width: 26)[3...7]), [
            "Al          | 102 | Stow-",
            "                    on-",
            "                    the-",
            "                    Wold",
            "After.",
        ])
    }

    func testWrappedRowsPartitionTheirBytes() {
        let content = book(threeColumns)
        let options = LayoutOptions(width: 30, paragraphSpacing: false)
        let lines = TextLayout.layout(content, range: content.fullRange, options: options).lines
        let row = content.blocks[3].range
        let rowLines = lines.filter { row.contains($0.start) }
        XCTAssertEqual(rowLines.count, 2)
        XCTAssertEqual(rowLines[0].start, row.lowerBound)
        XCTAssertEqual(rowLines[0].range.upperBound, rowLines[1].start)
        XCTAssertEqual(rowLines[1].range.upperBound, row.upperBound)
        // The second line starts at its first piece: "the-Wold".
        XCTAssertEqual(content.string(in: ByteRange(rowLines[1].start, rowLines[1].start + 3)), "the")
        XCTAssertEqual(rowLines.map(\.flags), [[.tableSlice, .blockStart], [.tableSlice, .blockEnd]])
        XCTAssertEqual(lines.map(\.width), [7, 24, 23, 28, 28, 6], "the separators count on a first line")
        XCTAssertEqual(lines.filter { $0.flags.contains(.tableSlice) }.count, 4, "every row of a wrapped table")
    }

    func testTablesTooWideForTheirMinimumsAreParagraphs() {
        let content = book(threeColumns)
        XCTAssertEqual(draw(content, width: 20)[1], "Name | Age | Town")
        let options = LayoutOptions(width: 20, paragraphSpacing: false)
        XCTAssertFalse(TextLayout.layout(content, range: content.fullRange, options: options).lines
            .contains { $0.flags.contains(.tableSlice) })
    }

    func testCachedAndAnalysedLayoutsGiveTheSameLines() throws {
        let content = book(threeColumns + [["x", "y", "a longer cell of words that wrap"]])
        for width in [21, 25, 30, 40] {
            let options = LayoutOptions(width: width, paragraphSpacing: false)
            let plain = TextLayout.layout(content, range: content.fullRange, options: options)
            let cached = TextLayout.layout(content, range: content.fullRange, options: options, analyses: LayoutAnalysisCache())
            let analysis = TextLayout.analyze(content, range: content.fullRange, lineBreakStyle: options.lineBreakStyle)
            XCTAssertEqual(cached.lines, plain.lines, "width \(width)")
            XCTAssertEqual(TextLayout.fit(analysis, in: content, options: options).lines, plain.lines, "width \(width)")
            let blob = LineCollectionCodec.encode(plain, key: "k")
            let decoded = try blob.withUnsafeBytes { try LineCollectionCodec.decode($0, expectedKey: "k") }
            XCTAssertEqual(decoded.lines, plain.lines, "the table-slice flag survives the cache")
        }
    }

    func testTheCacheLaysEachTableOutOnceAWidth() {
        let content = book(threeColumns)
        let options = LayoutOptions(width: 30, paragraphSpacing: false)
        let lines = TextLayout.layout(content, range: content.fullRange, options: options).lines
        let tables = TableColumnCache()
        for line in lines { TextLayout.forEachLogicalCluster(of: line, in: content, options: options, tables: tables) { _ in } }
        XCTAssertEqual(tables.measurements, 1)
        XCTAssertEqual(tables.gridLayouts, 1)
    }

    func testColumnsNarrowerThanAWordAreNotMade() {
        let long = String(repeating: "x", count: 40)
        let content = book([["a", long], ["b", "y"]])
        XCTAssertEqual(Array(draw(content, width: 30)[1...3]), ["a |", String(long.prefix(30)), String(long.suffix(10))],
                       "a paragraph, the word cut at the text column as in any paragraph")
        XCTAssertEqual(Array(draw(content, width: 45)[1...2]), ["a | " + long, "b | y"], "fits: aligned")
        XCTAssertEqual(Array(draw(book([["a", long + " " + long], ["b", "y"]]), width: 45)[1...3]),
                       ["a | " + long, "    " + long, "b | y"], "wrapped between words, each whole")
    }

    // MARK: Right to left

    func testRightToLeftTablesPutTheFirstColumnOnTheRight() {
        let content = book([["שלום", "א"], ["ab", "בבבבב"]], direction: .rightToLeft)
        let drawn = draw(content, width: 20)
        XCTAssertEqual(drawn[1], String(repeating: " ", count: 12) + "א | םולש")
        XCTAssertEqual(drawn[2], String(repeating: " ", count: 8) + "בבבבב |   ab")
        // Wrapped: still mirrored, each piece against its column's right edge.
        let wide = book([["שלום עולם גדול", "א"], ["ab", "בבבבב"]], direction: .rightToLeft)
        XCTAssertEqual(Array(draw(wide, width: 14)[1...4]), [
            "    א |   םולש",
            "          םלוע",
            "          לודג",
            "בבבבב |     ab",
        ])
    }
}
