import Screen

/// A note popup's view: a bordered box over the page, "Note" and the lines shown (when it
/// scrolls) on the top border, the keys on the bottom one, the note's placed lines inside.
public struct NotePopupView: LayerView, Hashable {
    /// The box, border included.
    public var frame: Region
    /// The note's lines shown, top first.
    public var lines: [PageLine]
    /// "3–8/20" when the note is longer than the box; empty otherwise.
    public var position: String

    /// What the bottom border says.
    public static let keys = " Enter: go to the note · Esc: close "

    /// Creates the view.
    public init(frame: Region, lines: [PageLine], position: String) {
        self.frame = frame
        self.lines = lines
        self.position = position
    }

    public func draw(in geometry: ScreenGeometry, into buffer: inout ScreenBuffer, renderer: Renderer) {
        let theme = renderer.theme
        let f = frame
        guard f.width >= 5, f.height >= 3, f.column + f.width <= geometry.columns, f.row + f.height <= geometry.rows else { return }
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
        renderer.put(" Note ", row: f.row, col: f.column + 2, maxWidth: max(0, inner - 2), style: theme.heading, into: &buffer)
        if !position.isEmpty, inner > position.count + 10 {
            renderer.put(" " + position + " ", row: f.row, col: f.column + f.width - position.count - 4,
                         maxWidth: position.count + 2, style: border, into: &buffer)
        }
        renderer.put(Self.keys, row: bottom, col: f.column + 2, maxWidth: max(0, inner - 2), style: border, into: &buffer)
        TextPage.draw(lines, row: f.row + 1, column: f.column + 2, into: &buffer, theme: theme)
    }
}
