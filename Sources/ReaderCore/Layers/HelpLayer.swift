import Screen

/// The key help (`?`): `j`/`k`/arrows/wheel scroll, any other key closes. Covers the text.
public struct HelpLayer: Layer {
    /// Lines scrolled off the top.
    public private(set) var scroll = 0

    /// The help, from its first line.
    public init() {}

    /// The help covers the text.
    public var hidesText: Bool { true }

    /// Scrolls, or closes on any other key.
    public mutating func handle(_ input: Input, at time: Double, in context: ReadingContext) -> LayerResponse {
        switch input {
        case .character("j"), .down, .wheelDown: scroll = min(scroll + 1, max(0, KeyHelp.lines.count - context.textRows))
        case .character("k"), .up, .wheelUp: scroll = max(0, scroll - 1)
        default: return .pop()
        }
        return .consumed()
    }

    /// What the last row says while more of the help is below it.
    public static let moreBelow = "  ↓ more below: j / ↓ / wheel scroll, any other key closes"

    /// Adds the help lines that fit; while more are below, the last row says so.
    public func compose(into snapshot: inout PageSnapshot, context: ReadingContext) {
        let rows = snapshot.geometry.textRows
        var lines = Array(KeyHelp.lines.dropFirst(scroll).prefix(rows))
        if rows >= 2 && scroll + rows < KeyHelp.lines.count { lines[rows - 1] = Self.moreBelow }
        snapshot.views.append(HelpView(lines: lines))
    }
}

/// The help layer's view: lines from the left margin, headings (lines not starting with a
/// space) in the heading style.
public struct HelpView: LayerView, Hashable {
    /// The lines shown, top first.
    public var lines: [String]

    /// Creates the view.
    public init(lines: [String]) {
        self.lines = lines
    }

    /// Draws the lines, each up to the right edge.
    public func draw(in geometry: ScreenGeometry, into buffer: inout ScreenBuffer, renderer: Renderer) {
        let margin = geometry.textLeft
        for (row, line) in lines.enumerated() {
            renderer.put(line, row: row, col: margin, maxWidth: geometry.columns - margin,
                         style: line.hasPrefix(" ") ? renderer.theme.text : renderer.theme.heading, into: &buffer)
        }
    }
}
