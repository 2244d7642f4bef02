import TextContent

/// The columns of a table: a run of consecutive `.tableRow` blocks whose cells (the text
/// between the " | " separators the parsers put between them) line up when the rows are
/// drawn one a line.
///
/// A column's width is its widest cell, in terminal cells. Only tables whose rows all have
/// the same number of cells (at least two) and no hard line break get columns: a row with
/// fewer cells (a spanned or an empty cell, which the parsers drop) would put its cells under
/// the wrong column. Width independent: whether the table fits a text column is
/// `fits(width:)`.
public struct TableColumns: Hashable, Sendable {
    /// The block indices of the table's rows.
    public var rows: Range<Int>
    /// Each column's width in cells: its widest cell.
    public var widths: [Int]

    /// The separator between cells, as the parsers write it.
    static let separatorWidth = 3

    /// The width of the aligned table: the columns and the separators between them.
    public var totalWidth: Int {
        widths.reduce(0, +) + Self.separatorWidth * max(0, widths.count - 1)
    }

    /// Whether the aligned table fits `width` cells, so each row is one line.
    public func fits(width: Int) -> Bool { totalWidth <= width }

    /// Column of the first cell of column `index`, from the start of the row.
    public func start(ofColumn index: Int) -> Int {
        widths[..<index].reduce(0, +) + Self.separatorWidth * index
    }

    /// The columns of the table that block `blockIndex` of `content` is a row of, or nil
    /// (not a row, or a table whose cells do not line up: see the type).
    public static func of(blockAt blockIndex: Int, in content: TextContent) -> TableColumns? {
        guard let rows = rows(aroundBlockAt: blockIndex, in: content) else { return nil }
        return measure(rows: rows, in: content)
    }

    /// The block indices of the table block `blockIndex` is a row of: the run of
    /// consecutive `.tableRow` blocks around it (nil if it is not a row).
    static func rows(aroundBlockAt blockIndex: Int, in content: TextContent) -> Range<Int>? {
        let blocks = content.blocks
        guard blocks.indices.contains(blockIndex), blocks[blockIndex].kind == .tableRow else { return nil }
        var lower = blockIndex
        while lower > 0 && blocks[lower - 1].kind == .tableRow { lower -= 1 }
        var upper = blockIndex + 1
        while upper < blocks.count && blocks[upper].kind == .tableRow { upper += 1 }
        return lower..<upper
    }

    /// Measures the rows `rows` (block indices of `.tableRow` blocks).
    static func measure(rows: Range<Int>, in content: TextContent) -> TableColumns? {
        var widths: [Int] = []
        let ok: Bool = content.bytes.withUnsafeBufferPointer { all in
            for index in rows {
                let range = content.blocks[index].range
                let text = UnsafeBufferPointer(rebasing: all[range.intRange])
                guard let cells = cellWidths(of: text) else { return false }
                if widths.isEmpty {
                    widths = cells
                } else {
                    guard cells.count == widths.count else { return false }
                    for (c, w) in cells.enumerated() where w > widths[c] { widths[c] = w }
                }
            }
            return true
        }
        guard ok, widths.count >= 2 else { return nil }
        return TableColumns(rows: rows, widths: widths)
    }

    /// The widths of a row's cells (as `forEachLogicalCluster` measures them), or nil for a
    /// row with a line break or a tab in it.
    static func cellWidths(of row: UnsafeBufferPointer<UInt8>) -> [Int]? {
        if row.contains(0x0A) || row.contains(0x09) { return nil }
        var end = row.count
        while end > 0 && row[end - 1] == 0x20 { end -= 1 }
        let visible = UnsafeBufferPointer(rebasing: row[0..<end])
        var widths: [Int] = []
        var cursor = GraphemeCursor(visible)
        var position = 0
        var cell = 0
        var skipUntil = 0
        while let (clusterEnd, w) = cursor.next() {
            if position >= skipUntil && isSeparator(at: position, in: visible) {
                widths.append(cell)
                cell = 0
                skipUntil = position + separatorWidth
            } else if position >= skipUntil {
                cell += w
            }
            position = clusterEnd
        }
        widths.append(cell)
        return widths
    }

    /// Whether the bytes at `position` are a cell separator " | ".
    @inline(__always)
    static func isSeparator(at position: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        position + 2 < text.count && text[position] == 0x20 && text[position + 1] == 0x7C && text[position + 2] == 0x20
    }
}

extension TextLayout {
    /// The columns `line` is drawn on, or nil: a line that is a whole table row, of a table
    /// with columns (`TableColumns`) that fits the text column, so that every row is one
    /// line. Such a line's cells start at their columns' positions (`forEachCluster`,
    /// `forEachLogicalCluster`): the space before each separator is widened. Tables that do
    /// not fit are laid out as before, each row a paragraph with its separators (wrapping
    /// within columns is not done yet).
    ///
    /// Pass the same `tables` cache for the lines of one book: each table is then measured
    /// once, not once a row.
    public static func tableColumns(of line: Line, in content: TextContent, options: LayoutOptions,
                                    tables: TableColumnCache? = nil) -> TableColumns? {
        guard line.kind == .tableRow, line.flags.contains(.blockStart), line.flags.contains(.blockEnd) else { return nil }
        let index = content.blockIndex(atOrAfter: line.start)
        guard index < content.blocks.count, content.blocks[index].range.lowerBound <= line.start else { return nil }
        let columns = if let tables { tables.columns(ofBlockAt: index, in: content) } else { TableColumns.of(blockAt: index, in: content) }
        guard let columns, columns.fits(width: options.width - line.indent) else { return nil }
        return columns
    }
}
