import XCTest
import TextContent
@testable import TextLayout

/// Random tables (a fixed seed) at random widths: wrapped rows keep the `Line` model's
/// invariants and draw every cell exactly once, inside its column.
final class TableGridRandomTests: XCTestCase {
    let pieces = ["a", "bc", "漢", "e\u{301}", "\u{200B}", " ", "word ", "hyphen-ated ", "長い日本語の文。", "\u{605}", "👍🏽",
                  "ﷺ", "-", "שלום ", "x", "(paren) ", "unbreakable", "«‹word›»", "1,234.5"]
    var seed: UInt64 = 0x2545_F491_4F6C_DD1D
    /// Drawn clusters whose bytes belong to the line they are drawn on or an earlier one of
    /// their row (a search showing the match's line at the top of the page shows the
    /// match), and the others.
    var ownedAtOrAbove = 0, ownedBelow = 0

    func next(_ n: Int) -> Int {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return Int((seed >> 33) % UInt64(n))
    }

    func testRandomWrappedTablesDrawEachCellOnceInItsColumn() {
        var wrapped = 0, mirrored = 0, tall = 0
        for _ in 0..<300 {
            let cellCount = 2 + next(4)
            let rows = (0..<(1 + next(4))).map { _ in
                (0..<cellCount).map { _ in (0..<(1 + next(6))).map { _ in pieces[next(pieces.count)] }.joined() }
            }
            let direction: TextDirection = next(4) == 0 ? .rightToLeft : .unspecified
            let content = TableDrawing.book(rows, direction: direction)
            let width = 12 + next(60)
            let options = LayoutOptions(width: width, paragraphSpacing: false)
            let lines = TextLayout.layout(content, range: content.fullRange, options: options).lines
            let paragraphs = BidiParagraphCache()
            for block in content.blocks where block.kind == .tableRow {
                let rowLines = lines.filter { block.range.contains($0.start) }
                guard rowLines.contains(where: { $0.flags.contains(.tableSlice) }) else { continue }
                wrapped += 1
                if rowLines.count > 2 { tall += 1 }
                let label = "\(rows) at \(width)"
                XCTAssertTrue(rowLines.allSatisfy { $0.flags.contains(.tableSlice) && $0.width <= width }, label)
                checkPartition(rowLines, of: block.range, in: content, label)
                // The table's direction is its first row's.
                guard let rowsRange = TextLayout.tableGridLine(of: rowLines[0], in: content, options: options)?.grid.rows else {
                    XCTFail("no grid for a table line: \(label)")
                    continue
                }
                let firstRow = content.blocks[rowsRange.lowerBound].range
                let first = Line(start: firstRow.lowerBound, length: firstRow.count, width: 0, indent: 0, kind: .tableRow, flags: [])
                let rightToLeft = TextLayout.paragraphLevel(of: first, in: content, options: options, paragraphs: paragraphs) == 1
                if rightToLeft { mirrored += 1 }
                for logical in [false, true] {
                    checkDrawing(rowLines, of: block.range, in: content, options: options, paragraphs: paragraphs,
                                 logical: logical, mirrored: rightToLeft && !logical, label)
                }
            }
        }
        print("wrapped rows: \(wrapped), of three lines or more: \(tall), right to left: \(mirrored);"
              + " clusters at or below their bytes' line: \(ownedAtOrAbove), above it: \(ownedBelow)")
        XCTAssertGreaterThan(wrapped, 150, "enough wrapped rows to mean something")
        XCTAssertGreaterThan(tall, 25, "rows of three lines or more")
        XCTAssertGreaterThan(mirrored, 20, "right-to-left rows")
        // Lines start at their last cell's piece: most bytes are on their line or below it
        // (5,817 to 995 here; starting lines at their first cell's piece gives 4,972 to 1,840).
        XCTAssertGreaterThan(ownedAtOrAbove, 5 * ownedBelow, "bytes mostly at or above where they are drawn")
    }

    /// The lines partition the row's bytes, in order, with strictly increasing starts, each
    /// on a grapheme-cluster boundary.
    func checkPartition(_ lines: [Line], of row: ByteRange, in content: TextContent, _ label: String) {
        let bounds = Set(Graphemes.boundaries(in: content.string(in: row)))
        for line in lines {
            XCTAssertTrue(bounds.contains(line.start.rawValue - row.lowerBound.rawValue), "a start inside a cluster: \(label)")
        }
        XCTAssertEqual(lines.first?.start, row.lowerBound, label)
        XCTAssertEqual(lines.last?.range.upperBound, row.upperBound, label)
        for (a, b) in zip(lines, lines.dropFirst()) {
            XCTAssertEqual(a.range.upperBound, b.start, label)
            XCTAssertLessThan(a.start, b.start, label)
        }
        XCTAssertEqual(lines.first?.flags.contains(.blockStart), true, label)
        XCTAssertEqual(lines.last?.flags.contains(.blockEnd), true, label)
    }

    /// Every non-space byte of the row drawn exactly once (spaces at most once), each
    /// cluster inside its cell's column and the text column, left to right without
    /// overlaps, no more visible clusters on a line than it has bytes (the screen composes
    /// a line into a buffer of `Line.length` clusters), and the width recorded.
    func checkDrawing(_ lines: [Line], of row: ByteRange, in content: TextContent, options: LayoutOptions,
                      paragraphs: BidiParagraphCache, logical: Bool, mirrored: Bool, _ label: String) {
        var seen = [Int](repeating: 0, count: row.count)
        for line in lines {
            guard let (grid, rowLayout, _) = TextLayout.tableGridLine(of: line, in: content, options: options) else {
                return XCTFail("no grid for a table line: \(label)")
            }
            XCTAssertLessThanOrEqual(grid.totalWidth, options.width, label)
            var end = 0, visible = 0
            var drawnStarts: [ByteOffset] = []
            let place: (PlacedCluster) -> Void = { cluster in
                if !cluster.isBlank && cluster.width > 0 { drawnStarts.append(cluster.range.lowerBound) }
                XCTAssertGreaterThanOrEqual(cluster.column, end, "left to right, no overlap: \(label)")
                end = cluster.column + cluster.width
                XCTAssertLessThanOrEqual(end, options.width, label)
                XCTAssertTrue(row.lowerBound <= cluster.range.lowerBound && cluster.range.upperBound <= row.upperBound, label)
                for b in cluster.range.intRange { seen[b - row.lowerBound.rawValue] += 1 }
                if !cluster.isBlank && cluster.width > 0 { visible += 1 }
                let at = cluster.range.lowerBound
                if rowLayout.bars.contains(where: { $0 - 1 <= at && at <= $0 + 1 }) { return }   // a separator
                let c = rowLayout.bars.filter { $0 < at }.count
                let start = grid.start(ofColumn: c)
                let left = mirrored ? options.width - start - grid.widths[c] : start
                XCTAssertTrue(cluster.column >= left && end <= left + grid.widths[c],
                              "\(content.string(in: cluster.range)) at \(cluster.column) outside column \(c): \(label)")
            }
            if logical {
                TextLayout.forEachLogicalCluster(of: line, in: content, options: options, tables: paragraphs.tables, place)
            } else {
                TextLayout.forEachCluster(of: line, in: content, options: options, paragraphs: paragraphs, place)
            }
            XCTAssertLessThanOrEqual(visible, line.length, label)
            if !logical {
                let index = lines.firstIndex(of: line)!
                for at in drawnStarts {
                    let owner = lines.lastIndex { $0.start <= at } ?? 0
                    if owner <= index { ownedAtOrAbove += 1 } else { ownedBelow += 1 }
                }
            }
            if logical { XCTAssertEqual(end - line.indent, line.width, "the recorded width is the drawn one: \(label)") }
        }
        content.bytes.withUnsafeBufferPointer { all in
            for (i, count) in seen.enumerated() {
                let byte = all[row.lowerBound.rawValue + i]
                if byte != 0x20 { XCTAssertEqual(count, 1, "byte \(i) of \(label)") } else { XCTAssertLessThanOrEqual(count, 1, label) }
            }
        }
    }
}
