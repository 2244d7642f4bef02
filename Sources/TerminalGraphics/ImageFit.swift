/// How many cells a picture takes: its natural size in cells (pixels over the cell size,
/// rounded up), shrunk to fit `maxColumns` × `maxRows` with its aspect ratio kept, never
/// enlarged unless asked (`enlarge`: a fixed-layout page fills the screen); at least one
/// cell each way.
public enum ImageFit {
    /// The cells (columns, rows) for a `pixelWidth` × `pixelHeight` picture.
    public static func cells(pixelWidth: Int, pixelHeight: Int, cell: CellSize, maxColumns: Int, maxRows: Int,
                             enlarge: Bool = false) -> (columns: Int, rows: Int) {
        guard pixelWidth > 0, pixelHeight > 0, maxColumns > 0, maxRows > 0 else { return (1, 1) }
        // Work in pixels: the box is maxColumns × maxRows cells.
        let boxW = Double(maxColumns * cell.width), boxH = Double(maxRows * cell.height)
        let fit = min(boxW / Double(pixelWidth), boxH / Double(pixelHeight))
        let scale = enlarge ? fit : min(1, fit)
        let w = Double(pixelWidth) * scale, h = Double(pixelHeight) * scale
        let columns = min(maxColumns, max(1, Int((w / Double(cell.width)).rounded(.up))))
        let rows = min(maxRows, max(1, Int((h / Double(cell.height)).rounded(.up))))
        return (columns, rows)
    }

    /// The pixel size to scale a picture to before drawing it over `columns` × `rows`
    /// cells (sixel draws at its own pixel size; symbols want a few pixels a cell).
    public static func pixels(columns: Int, rows: Int, cell: CellSize) -> (width: Int, height: Int) {
        (max(1, columns * cell.width), max(1, rows * cell.height))
    }
}
