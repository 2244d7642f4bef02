import Screen

/// The hint labels of `F` over the page, each at the first cell of its link; the letters
/// already typed are drawn dim.
public struct HintView: LayerView, Hashable {
    /// One label.
    public struct Hint: Hashable, Sendable {
        /// Screen row and column of the label's first cell.
        public var row: Int
        public var column: Int
        /// The label ("a", "sd").
        public var label: String
        /// How many of its letters are typed already.
        public var typed: Int

        /// Creates a hint.
        public init(row: Int, column: Int, label: String, typed: Int) {
            self.row = row
            self.column = column
            self.label = label
            self.typed = typed
        }
    }

    /// The labels shown.
    public var hints: [Hint]

    /// Creates the view.
    public init(hints: [Hint]) {
        self.hints = hints
    }

    public func draw(in geometry: ScreenGeometry, into buffer: inout ScreenBuffer, renderer: Renderer) {
        let theme = renderer.theme
        for hint in hints {
            for (i, letter) in hint.label.enumerated() {
                let col = min(hint.column + i, geometry.columns - 1)
                buffer.put(String(letter), width: 1, row: hint.row, col: col, style: i < hint.typed ? theme.dim : theme.hint)
            }
        }
    }
}
