import Screen

/// The settings panel's view: a bordered box at the bottom of the screen, one row a
/// setting (its name, its value), the selected one highlighted; the page stays visible
/// above it and shows each change as it is made.
public struct SettingsView: LayerView, Hashable {
    /// The box, border included.
    public var frame: Region
    /// The rows: each setting's name and value.
    public var rows: [(title: String, value: String)]
    /// The selected row.
    public var selected: Int

    /// What the bottom border says.
    public static let keys = " j/k: choose · ←/→ Enter: change · Esc: close "

    /// Creates the view.
    public init(frame: Region, rows: [(title: String, value: String)], selected: Int) {
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

    public static func == (a: SettingsView, b: SettingsView) -> Bool {
        a.frame == b.frame && a.selected == b.selected && a.rows.elementsEqual(b.rows) { $0.title == $1.title && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(frame)
        hasher.combine(selected)
        for row in rows { hasher.combine(row.title); hasher.combine(row.value) }
    }
}
