import TextContent
import Support

/// Draws one line of a `TableGrid` row: the k-th piece of each cell at its column and the
/// separators between the columns, each cluster with its real bytes.
///
/// The separators are drawn on a row's first line only, from their own bytes (" | ").
/// Hanging spaces at a piece's end are left out. A right-to-left table (`mirrored`) puts
/// its first column on the right, the table against the right edge of the text column and
/// each piece against its column's right edge; with `bidi`, each piece's clusters are in
/// display order (UAX #9 on the piece as a line), in either direction.
enum TableGridPlacement {
    /// The bidi analysis of a row's block, for display order within the pieces.
    struct RowBidi {
        var blockStart: Int
        var scalars: [Unicode.Scalar]
        var offsets: [UInt32]
        var result: BidiResult
    }

    /// The non-blank clusters a piece draws (zero-width ones too) and its visible width.
    static func measure(_ piece: UnsafeBufferPointer<UInt8>) -> (clusters: Int, width: Int) {
        var cursor = GraphemeCursor(piece)
        var position = 0, clusters = 0, col = 0, visible = 0
        while let (end, width) = cursor.next() {
            let blank = end - position == 1 && piece[position] == 0x20
            col += width
            if !blank { clusters += 1; if width > 0 { visible = col } }
            position = end
        }
        return (clusters, visible)
    }

    /// The clusters of the piece `range` in logical order, columns from 0, hanging spaces
    /// left out (invisible clusters after them kept, at the visible end), and its width.
    static func clusters(of range: ByteRange, in all: UnsafeBufferPointer<UInt8>) -> ([PlacedCluster], Int) {
        let base = range.lowerBound.rawValue
        let text = UnsafeBufferPointer(rebasing: all[range.intRange])
        var cursor = GraphemeCursor(text)
        var out: [PlacedCluster] = []
        var held: [PlacedCluster] = []
        var position = 0, col = 0, visible = 0
        while let (end, width) = cursor.next() {
            let blank = end - position == 1 && text[position] == 0x20
            let placed = PlacedCluster(range: ByteRange(base + position, base + end), column: col, width: width, isBlank: blank)
            if blank || width == 0 {
                held.append(placed)
            } else {
                out += held
                held.removeAll(keepingCapacity: true)
                out.append(placed)
                visible = col + width
            }
            col += width
            position = end
        }
        out += held.filter { !$0.isBlank }
        return (out, visible)
    }

    /// Calls `body` with the clusters of line `k` of `row` on `grid`, left to right on the
    /// screen (logical order within pieces without `bidi`); columns count from the start
    /// of the text column, `indent` included.
    static func place(line k: Int, of row: TableGrid.Row, grid: TableGrid, in content: TextContent,
                      options: LayoutOptions, indent: Int, mirrored: Bool, bidi: RowBidi?,
                      _ body: (PlacedCluster) -> Void) {
        let total = grid.totalWidth
        let left = indent + (mirrored ? max(0, options.width - indent - total) : 0)
        // The screen column of something `width` cells wide at `column` of the table.
        func screen(_ column: Int, _ width: Int) -> Int { left + (mirrored ? total - column - width : column) }
        let n = grid.widths.count
        content.bytes.withUnsafeBufferPointer { all in
            for c in (mirrored ? Array((0..<n).reversed()) : Array(0..<n)) {
                if mirrored && c < n - 1 { separator(c, line: k, of: row, grid: grid, reversed: true, screen, body) }
                if k < row.cells[c].count {
                    var (clusters, width) = Self.clusters(of: row.cells[c][k].range, in: all)
                    var order = Array(clusters.indices)
                    if let bidi {
                        order = ordered(&clusters, bidi: bidi, piece: row.cells[c][k].range, content: content, options: options)
                        width = clusters.reduce(0) { $0 + $1.width }   // a lam-alef ligature takes one cell less
                    }
                    let columnWidth = grid.widths[c]
                    var column = screen(grid.start(ofColumn: c), columnWidth) + (mirrored ? max(0, columnWidth - width) : 0)
                    for i in order {
                        var cluster = clusters[i]
                        cluster.column = column
                        column += cluster.width
                        body(cluster)
                    }
                }
                if !mirrored && c < n - 1 { separator(c, line: k, of: row, grid: grid, reversed: false, screen, body) }
            }
        }
    }

    /// The separator after column `c` on line `k`: its bytes on the first line, nothing after.
    private static func separator(_ c: Int, line k: Int, of row: TableGrid.Row, grid: TableGrid, reversed: Bool,
                                  _ screen: (Int, Int) -> Int, _ body: (PlacedCluster) -> Void) {
        let bar = row.bars[c]
        let column = grid.start(ofColumn: c) + grid.widths[c]
        guard k == 0 else { return }
        let parts = [(bar - 1, true, 0), (bar, false, 1), (bar + 1, true, 2)]
        for (at, blank, offset) in (reversed ? parts.reversed() : parts) {
            body(PlacedCluster(range: ByteRange(at, at + 1), column: screen(column + offset, 1), width: 1, isBlank: blank))
        }
    }

    /// The display order of a piece's clusters (their texts mirrored or shaped as needed).
    private static func ordered(_ clusters: inout [PlacedCluster], bidi: RowBidi, piece: ByteRange,
                                content: TextContent, options: LayoutOptions) -> [Int] {
        guard !clusters.isEmpty else { return [] }
        let first = TextLayout.scalarIndex(of: piece.lowerBound.rawValue, blockStart: bidi.blockStart, offsets: bidi.offsets)
        let last = TextLayout.scalarIndex(of: piece.upperBound.rawValue, blockStart: bidi.blockStart, offsets: bidi.offsets)
        let levels = TextLayout.displayLevels(of: &clusters, scalars: first..<last, blockStart: bidi.blockStart,
                                              analysis: (bidi.scalars, bidi.offsets, bidi.result),
                                              content: content, options: options)
        return Bidi.reorder(levels: levels)
    }
}

extension TextLayout {
    /// The line of a wrapped table (`TableGrid`) that `line` is — its grid, its row and its
    /// index in the row — or nil for a line that is not one (`LineFlags.tableSlice`).
    public static func tableGridLine(of line: Line, in content: TextContent, options: LayoutOptions,
                                     tables: TableColumnCache? = nil) -> (grid: TableGrid, row: TableGrid.Row, index: Int)? {
        guard line.flags.contains(.tableSlice) else { return nil }
        guard let (grid, row) = tableGridRow(of: line, in: content, options: options, tables: tables) else { return nil }
        let k = row.starts.partitioningIndex { $0 >= line.start }
        guard k < row.lineCount, row.starts[k] == line.start else { return nil }
        return (grid, row, k)
    }

    /// The grid at the width of `line` of the table `line` is in, and its row.
    static func tableGridRow(of line: Line, in content: TextContent, options: LayoutOptions,
                             tables: TableColumnCache?) -> (TableGrid, TableGrid.Row)? {
        let index = content.blockIndex(atOrAfter: line.start)
        guard index < content.blocks.count, content.blocks[index].range.lowerBound <= line.start else { return nil }
        let width = options.width - line.indent
        let grid = if let tables { tables.grid(ofBlockAt: index, in: content, width: width, options: options) }
            else { TableColumns.of(blockAt: index, in: content).flatMap { TableGrid.make($0, in: content, width: width, options: options) } }
        guard let grid, let row = grid.row(ofBlockAt: index) else { return nil }
        return (grid, row)
    }

    /// Draws `line` in display order if it is a line of a table drawn on a grid: a wrapped
    /// table's line, or the whole row of a table that fits with right-to-left text in it or
    /// in its first row (which sets the table's direction). False for any other line.
    static func placeTableLine(_ line: Line, in content: TextContent, options: LayoutOptions,
                               paragraphs: BidiParagraphCache?, analysis: BidiParagraphCache.Analysis?,
                               _ body: (PlacedCluster) -> Void) -> Bool {
        guard line.kind == .tableRow else { return false }
        let tables = paragraphs?.tables
        let wrapped = line.flags.contains(.tableSlice)
        let rows: Range<Int>
        if wrapped {
            guard let (grid, _, _) = tableGridLine(of: line, in: content, options: options, tables: tables) else { return false }
            rows = grid.rows
        } else {
            guard let columns = tableColumns(of: line, in: content, options: options, tables: tables) else { return false }
            rows = columns.rows
        }
        let firstRow = content.blocks[rows.lowerBound].range
        let first = Line(start: firstRow.lowerBound, length: firstRow.count, width: 0, indent: 0, kind: .tableRow, flags: [])
        let mirrored = paragraphLevel(of: first, in: content, options: options, paragraphs: paragraphs) == 1
        var bidi: TableGridPlacement.RowBidi?
        if case let .resolved(scalars, offsets, result)? = analysis {
            let blockStart = content.blocks[content.blockIndex(atOrAfter: line.start)].range.lowerBound.rawValue
            bidi = TableGridPlacement.RowBidi(blockStart: blockStart, scalars: scalars, offsets: offsets, result: result)
        }
        // A left-to-right table that fits, with nothing right to left in the row: the
        // aligned drawing of `forEachLogicalCluster` (the same columns).
        if !wrapped && !mirrored && bidi == nil { return false }
        let found = wrapped
            ? tableGridLine(of: line, in: content, options: options, tables: tables)
            : tableGridRow(of: line, in: content, options: options, tables: tables).map { ($0.0, $0.1, 0) }
        guard let (grid, row, k) = found else { return false }
        TableGridPlacement.place(line: k, of: row, grid: grid, in: content, options: options, indent: line.indent,
                                 mirrored: mirrored, bidi: bidi, body)
        return true
    }
}
