import Screen

/// A bordered box drawn over the page (the note popup, the settings panel): the area
/// cleared in the text style, a light border in the dim style, a title on the top
/// border and a line of keys on the bottom one.
enum BoxBorder {
    /// Draws the box of `frame` with `title` (and `corner`, right-aligned, when it fits)
    /// on the top border and `footer` on the bottom; false (nothing drawn) when the frame
    /// is too small or off the screen.
    @discardableResult
    static func draw(_ frame: Region, title: String, corner: String = "", footer: String, geometry: ScreenGeometry,
                     into buffer: inout ScreenBuffer, renderer: Renderer) -> Bool {
        let theme = renderer.theme
        let f = frame
        guard f.width >= 5, f.height >= 3, f.column + f.width <= geometry.columns, f.row + f.height <= geometry.rows else { return false }
        buffer.fill(row: f.row, col: f.column, width: f.width, height: f.height, style: theme.text)
        let border = theme.dim
        let inner = f.width - 2
        let bottom = f.row + f.height - 1
        buffer.put("┌", width: 1, row: f.row, col: f.column, style: border)
        buffer.put("┐", width: 1, row: f.row, col: f.column + f.width - 1, style: border)
        buffer.put("└", width: 1, row: bottom, col: f.column, style: border)
        buffer.put("┘", width: 1, row: bottom, col: f.column + f.width - 1, style: border)
        for c in 1...inner {
            buffer.put("─", width: 1, row: f.row, col: f.column + c, style: border)
            buffer.put("─", width: 1, row: bottom, col: f.column + c, style: border)
        }
        for r in (f.row + 1)..<bottom {
            buffer.put("│", width: 1, row: r, col: f.column, style: border)
            buffer.put("│", width: 1, row: r, col: f.column + f.width - 1, style: border)
        }
        renderer.put(title, row: f.row, col: f.column + 2, maxWidth: max(0, inner - 2), style: theme.heading, into: &buffer)
        if !corner.isEmpty, inner > corner.count + 10 {
            renderer.put(" " + corner + " ", row: f.row, col: f.column + f.width - corner.count - 4,
                         maxWidth: corner.count + 2, style: border, into: &buffer)
        }
        renderer.put(footer, row: bottom, col: f.column + 2, maxWidth: max(0, inner - 2), style: border, into: &buffer)
        return true
    }
}
