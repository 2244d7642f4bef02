import Screen

/// The settings panel's view: a bordered box at the bottom of the screen, one row a
/// setting (its name, its value), the selected one highlighted; the page stays visible
/// above it and shows each change as it is made.
public struct SettingsView: LayerView, Hashable {
    /// The box, border included.
    public var frame: Region
    /// One row: a setting's name and its value.
    public struct Row: Hashable, Sendable {
        public var title: String
        public var value: String
    }

    /// The rows, in the panel's order.
    public var rows: [Row]
    /// The selected row.
    public var selected: Int

    /// What the bottom border says.
    public static let keys = " j/k: choose · ←/→ Enter: change · Esc: close "

    /// Creates the view.
    public init(frame: Region, rows: [Row], selected: Int) {
        self.frame = frame
        self.rows = rows
        self.selected = selected
    }

    public func draw(in geometry: ScreenGeometry, into buffer: inout ScreenBuffer, renderer: Renderer) {
        guard BoxBorder.draw(frame, title: " Settings (saved for this book) ", footer: Self.keys, geometry: geometry,
                             into: &buffer, renderer: renderer) else { return }
        let theme = renderer.theme
        let inner = frame.width - 4
        let shown = max(0, frame.height - 2)
        let top = max(0, min(selected - shown / 2, rows.count - shown))
        for (i, row) in rows.enumerated().dropFirst(top).prefix(shown) {
            let y = frame.row + 1 + i - top
            let style = i == selected ? theme.selection : theme.text
            if i == selected { buffer.fill(row: y, col: frame.column + 1, width: frame.width - 2, height: 1, style: style) }
            let value = "‹ \(row.value) ›"
            renderer.put(row.title, row: y, col: frame.column + 2, maxWidth: max(0, inner - value.count - 1), style: style, into: &buffer)
            renderer.put(value, row: y, col: frame.column + 2 + max(0, inner - value.count), maxWidth: value.count, style: style,
                         into: &buffer)
        }
    }
}
