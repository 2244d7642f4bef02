/// A rectangle of cells.
public struct Region: Hashable, Sendable {
    /// First row.
    public var row: Int
    /// First column.
    public var column: Int
    /// Cells across.
    public var width: Int
    /// Rows down.
    public var height: Int

    /// Creates a region.
    public init(row: Int, column: Int, width: Int, height: Int) {
        self.row = row
        self.column = column
        self.width = width
        self.height = height
    }
}

/// Where things go on the screen for a terminal size: the text rows (all but the last),
/// the text column centred in them, and the status line.
public struct ScreenGeometry: Hashable, Sendable {
    /// Terminal width in cells.
    public var columns: Int
    /// Terminal height in rows.
    public var rows: Int
    /// Rows of text (the last row is the status line).
    public var textRows: Int
    /// Width of the text column.
    public var textWidth: Int

    /// Creates a geometry.
    public init(columns: Int, rows: Int, textRows: Int, textWidth: Int) {
        self.columns = columns
        self.rows = rows
        self.textRows = textRows
        self.textWidth = textWidth
    }

    /// The left margin: the first column of the text column.
    public var textLeft: Int { max(0, (columns - textWidth) / 2) }
    /// The text column: the text rows, from the left margin, `textWidth` wide.
    public var textColumn: Region { Region(row: 0, column: textLeft, width: textWidth, height: textRows) }
    /// The status line: the last row, full width.
    public var statusLine: Region { Region(row: rows - 1, column: 0, width: columns, height: 1) }
}
