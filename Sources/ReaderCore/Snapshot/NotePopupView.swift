import Screen

/// A popup's view (a note, a dictionary's entries): a bordered box over the page, its
/// title and the lines shown (when it scrolls) on the top border, the keys on the bottom
/// one, the text's placed lines inside.
public struct NotePopupView: LayerView, Hashable {
    /// The box, border included.
    public var frame: Region
    /// The note's lines shown, top first.
    public var lines: [PageLine]
    /// "3–8/20" when the note is longer than the box; empty otherwise.
    public var position: String
    /// What the top border and the bottom border say.
    public var title: String, footer: String

    /// Creates the view.
    public init(frame: Region, lines: [PageLine], position: String, title: String, footer: String) {
        self.frame = frame
        self.lines = lines
        self.position = position
        self.title = title
        self.footer = footer
    }

    public func draw(in geometry: ScreenGeometry, into buffer: inout ScreenBuffer, renderer: Renderer) {
        let f = frame
        guard BoxBorder.draw(f, title: title, corner: position, footer: footer, geometry: geometry,
                             into: &buffer, renderer: renderer) else { return }
        let theme = renderer.theme
        TextPage.draw(lines, row: f.row + 1, column: f.column + 2, into: &buffer, theme: theme)
    }
}
