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
        let f = frame
        guard BoxBorder.draw(f, title: " Note ", corner: position, footer: Self.keys, geometry: geometry,
                             into: &buffer, renderer: renderer) else { return }
        let theme = renderer.theme
        TextPage.draw(lines, row: f.row + 1, column: f.column + 2, into: &buffer, theme: theme)
    }
}
