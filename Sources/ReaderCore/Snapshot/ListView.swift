import Screen

/// A list overlay's view (contents, bookmarks): a title on the first row, then the
/// entries that fit from the third row, the selected one highlighted. Only the visible
/// window of entries is kept, chosen so the selection stays near the middle.
public struct ListView: LayerView, Hashable {
    /// The heading.
    public var title: String
    /// The entries shown, top first.
    public var entries: [String]
    /// Which of `entries` is selected, if it is among them.
    public var selectedRow: Int?
    /// Index in the whole list of the first entry shown.
    public var firstIndex: Int

    /// The window of a list of `count` entries with `selected` selected, for the text rows
    /// of `geometry`; `entry(i)` gives the text of entry `i` (asked only for those shown).
    public init(title: String, count: Int, selected: Int, geometry: ScreenGeometry, entry: (Int) -> String) {
        let rows = max(1, geometry.textRows - 2)
        let top = max(0, min(selected - rows / 2, count - rows))
        let shown = top < count ? Array(top..<min(count, top + rows)) : []
        self.title = title
        entries = shown.map(entry)
        selectedRow = shown.contains(selected) ? selected - top : nil
        firstIndex = top
    }

    /// Draws the title and the entries in the text column.
    public func draw(in geometry: ScreenGeometry, into buffer: inout ScreenBuffer, renderer: Renderer) {
        let theme = renderer.theme
        let column = geometry.textColumn
        renderer.put(title, row: 0, col: column.column, maxWidth: column.width, style: theme.heading, into: &buffer)
        for (i, entry) in entries.enumerated() {
            let row = 2 + i
            let style = i == selectedRow ? theme.selection : theme.text
            if i == selectedRow { buffer.fill(row: row, col: column.column, width: column.width, height: 1, style: style) }
            renderer.put(entry, row: row, col: column.column, maxWidth: column.width, style: style, into: &buffer)
        }
    }
}
