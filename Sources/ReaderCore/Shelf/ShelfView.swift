import Screen

/// The bookshelf's view: a title row, a hint or filter row, then one row per book in the
/// visible window — title and author on the left; progress bar, percentage, time left and
/// last read in fixed columns on the right — the selected one highlighted.
public struct ShelfView: LayerView, Hashable {
    /// The first row ("Library · 12 books · by recent").
    public var title: String
    /// The second row: a hint, or the filter being typed.
    public var hint: String
    /// The rows shown, top first.
    public var rows: [ShelfRow]
    /// Which of `rows` is selected, if any.
    public var selectedRow: Int?
    /// Columns kept blank on the right for the selected book's cover (0: none); the
    /// rows are drawn in the rest.
    public var panelColumns: Int

    /// Cells of the progress bar.
    public static let barCells = 10
    /// Width of the right-hand columns: bar, space, "100%", two spaces, time left (9),
    /// two spaces, last read (12).
    public static let rightWidth = barCells + 1 + 4 + 2 + 9 + 2 + 12

    /// A view of `rows`.
    public init(title: String, hint: String, rows: [ShelfRow], selectedRow: Int?, panelColumns: Int = 0) {
        self.title = title
        self.hint = hint
        self.rows = rows
        self.selectedRow = selectedRow
        self.panelColumns = panelColumns
    }

    /// Rows of books that fit on a screen of `rows` rows (title, hint, status line left out).
    public static func bookRows(screenRows rows: Int) -> Int { max(1, rows - 3) }

    /// Draws the title and hint across the screen and the rows left of the panel, one
    /// cell from each edge.
    public func draw(in geometry: ScreenGeometry, into buffer: inout ScreenBuffer, renderer: Renderer) {
        let theme = renderer.theme
        let left = geometry.columns > 20 ? 1 : 0
        renderer.put(title, row: 0, col: left, maxWidth: geometry.columns - 2 * left, style: theme.heading, into: &buffer)
        renderer.put(hint, row: 1, col: left, maxWidth: geometry.columns - 2 * left, style: theme.hint, into: &buffer)
        let width = geometry.columns - 2 * left - max(0, min(panelColumns, geometry.columns - 2 * left))
        for (i, row) in rows.enumerated() {
            let y = 2 + i
            guard y < geometry.rows - 1 else { break }
            let selected = i == selectedRow
            let style = selected ? theme.selection : theme.text
            if selected { buffer.fill(row: y, col: left, width: width, height: 1, style: style) }
            drawRow(row, y: y, left: left, width: width, style: selected ? style : nil, renderer: renderer, into: &buffer)
        }
    }

    /// One book: the right-hand columns when there is room, the title and author in the rest.
    private func drawRow(_ row: ShelfRow, y: Int, left: Int, width: Int, style selected: CellStyle?, renderer: Renderer,
                         into buffer: inout ScreenBuffer) {
        let theme = renderer.theme
        var textWidth = width
        if width >= Self.rightWidth + 12 {
            textWidth = width - Self.rightWidth - 1
            var col = left + textWidth + 1
            col += renderer.put(ShelfRow.bar(row.progress, cells: Self.barCells), row: y, col: col, maxWidth: Self.barCells,
                                style: selected ?? theme.dim, into: &buffer) + 1
            renderer.put(ShelfRow.percent(row.progress), row: y, col: col, maxWidth: 4, style: selected ?? theme.text, into: &buffer)
            col += 6
            renderer.put(row.timeLeft, row: y, col: col, maxWidth: 9, style: selected ?? theme.dim, into: &buffer)
            col += 11
            renderer.put(row.lastRead, row: y, col: col, maxWidth: 12,
                         style: selected ?? (row.isMissing ? theme.currentMatch : theme.dim), into: &buffer)
        } else if row.isMissing {
            textWidth = max(0, width - 8)
            renderer.put("missing", row: y, col: left + textWidth + 1, maxWidth: 7, style: selected ?? theme.currentMatch, into: &buffer)
        }
        let used = renderer.put(row.title, row: y, col: left, maxWidth: textWidth, style: selected ?? theme.text, into: &buffer)
        if !row.author.isEmpty && used + 3 < textWidth {
            renderer.put(" — " + row.author, row: y, col: left + used, maxWidth: textWidth - used, style: selected ?? theme.dim, into: &buffer)
        }
    }
}
