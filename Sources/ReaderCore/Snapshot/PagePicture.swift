import TextContent

/// A picture on the text page (issue #19): which image, and the cells it covers in the
/// text column. The text page leaves those cells blank; the host draws the picture over
/// them with the terminal's graphics protocol (or symbol art) after the cells.
public struct PagePicture: Hashable, Sendable {
    /// The image (`ImageReference.source` of the book).
    public var source: String
    /// Where its block starts in the book (a picture's identity on the page).
    public var offset: ByteOffset
    /// First text row it covers (0 = the top row).
    public var row: Int
    /// First column it covers in the text column.
    public var column: Int
    /// Its box in cells: the whole picture.
    public var columns: Int
    public var rows: Int
    /// Rows of it on the page, from row `cropTop` (less than `rows` only for a picture
    /// taller than the page).
    public var visibleRows: Int
    /// Rows of it above the page, cut off at the top (a page that starts inside a picture
    /// taller than the page: fit width, `z`); the drawers show rows `cropTop ..<
    /// cropTop + visibleRows` of the picture.
    public var cropTop: Int

    /// Creates a picture placement.
    public init(source: String, offset: ByteOffset, row: Int, column: Int, columns: Int, rows: Int, visibleRows: Int,
                cropTop: Int = 0) {
        self.source = source
        self.offset = offset
        self.row = row
        self.column = column
        self.columns = columns
        self.rows = rows
        self.visibleRows = visibleRows
        self.cropTop = cropTop
    }

    /// The same picture moved by `rows` down and `columns` right (text column → screen).
    public func offsetBy(rows: Int, columns: Int) -> PagePicture {
        var moved = self
        moved.row += rows
        moved.column += columns
        return moved
    }
}
