import TextContent

/// A table (`TableColumns`) laid out at one width: each column's width
/// (`TableColumnWidths`), each cell broken into *pieces* — the lines of the cell at its
/// column's width, found by the engine's own line breaking (UAX #14 and the kinsoku of
/// `LayoutOptions.lineBreakStyle`, as for paragraphs) — and each row's lines.
///
/// Line k of a row shows the k-th piece of every cell that has one, at its column; a row
/// has as many lines as its tallest cell has pieces. The lines still partition the row's
/// bytes in order with strictly increasing starts (`Row.starts`), so that finding the line
/// of a byte stays a binary search: line k starts at the last piece drawn on it (of the
/// last cell that has a k-th piece), moved later when the line before needs more bytes,
/// since a line holds at least as many bytes as it draws clusters (the screen composes a
/// line into a buffer of `Line.length` clusters). So most bytes belong to the line they
/// are drawn on or an earlier line of their row (a search that shows a match's line at
/// the top of the page then shows the match); those of a cell shorter than one before it
/// (after the last cell of that height), or moved by the lines' needs, may belong to a
/// later line.
///
/// The separators (" | ") are drawn on a row's first line only, from their own bytes: a
/// line without them continues the row above (there are no rules between rows), and a
/// row may have too few bytes to draw bars on every line. When the table fits its width
/// (`wraps == false`) the widths are the natural ones and each cell is one piece: that is
/// how right-to-left tables that fit are drawn.
public struct TableGrid: Sendable {
    /// A piece of a cell: one of its lines, as book offsets.
    public struct Piece: Hashable, Sendable {
        /// Its bytes (hanging spaces included).
        public var range: ByteRange
    }

    /// One row: its cells' pieces and its lines.
    public struct Row: Hashable, Sendable {
        /// The pieces of each cell (none for an empty cell).
        public var cells: [[Piece]]
        /// The offset of the bar of each separator between cells.
        public var bars: [ByteOffset]
        /// Where each of the row's lines starts; the first is the row's start.
        public var starts: [ByteOffset]
        /// Each line's width in cells.
        public var widths: [Int]
        /// How many lines the row takes.
        public var lineCount: Int { starts.count }
    }

    /// The block indices of the rows.
    public var rows: Range<Int>
    /// Each column's width in cells.
    public var widths: [Int]
    /// Whether the widths are narrower than the natural ones (cells wrap).
    public var wraps: Bool
    /// The rows, in order.
    public var rowLayouts: [Row]

    /// The width of the table: its columns and separators.
    public var totalWidth: Int {
        widths.reduce(0, +) + TableColumns.separatorWidth * max(0, widths.count - 1)
    }

    /// Column of the first cell of column `index`, from the start of the table.
    public func start(ofColumn index: Int) -> Int {
        widths[..<index].reduce(0, +) + TableColumns.separatorWidth * index
    }

    /// The layout of row `blockIndex` (a block index), or nil if it is not a row of this table.
    public func row(ofBlockAt blockIndex: Int) -> Row? {
        rows.contains(blockIndex) ? rowLayouts[blockIndex - rows.lowerBound] : nil
    }

    /// The table of `columns` in `content` laid out `width` cells wide with `options`
    /// (its line-break style), or nil when its columns do not fit even at their narrowest
    /// (`TableColumnWidths`): the rows are then laid out as paragraphs.
    public static func make(_ columns: TableColumns, in content: TextContent, width: Int,
                            options: LayoutOptions) -> TableGrid? {
        let wraps = !columns.fits(width: width)
        var builder = TableGridBuilder(content: content, options: options, rows: columns.rows,
                                       columnCount: columns.widths.count)
        guard builder.splitCells() else { return nil }
        let widths = wraps
            ? TableColumnWidths.allocate(natural: columns.widths, words: builder.longestWords(), width: width)
            : columns.widths
        guard let widths else { return nil }
        var grid = TableGrid(rows: columns.rows, widths: widths, wraps: wraps, rowLayouts: [])
        for row in builder.cells.indices {
            guard let layout = builder.layoutRow(row, grid: grid) else { return nil }
            grid.rowLayouts.append(layout)
        }
        return grid
    }
}
