import TextContent

/// Everything that determines how text is fitted into lines. Part of the layout cache key.
public struct LayoutOptions: Hashable, Sendable {
    /// Width of the text column in terminal cells (≥ 1).
    public var width: Int
    /// Indent of the first line of each ordinary paragraph, in cells.
    public var firstLineIndent: Int
    /// Whether a blank line separates paragraphs.
    public var paragraphSpacing: Bool
    /// CJK line-breaking strictness (CSS `line-break`).
    public var lineBreakStyle: LineBreakStyle
    /// Whether lines that end at a soft break are stretched to the full width when shown.
    public var justify: Bool
    /// Distance between tab stops, in cells (≥ 1).
    public var tabWidth: Int

    /// Creates layout options; `width` and `tabWidth` are clamped to at least 1.
    public init(width: Int = 80, firstLineIndent: Int = 0, paragraphSpacing: Bool = true,
                lineBreakStyle: LineBreakStyle = .strict, justify: Bool = false, tabWidth: Int = 4) {
        self.width = max(1, width)
        self.firstLineIndent = max(0, firstLineIndent)
        self.paragraphSpacing = paragraphSpacing
        self.lineBreakStyle = lineBreakStyle
        self.justify = justify
        self.tabWidth = max(1, tabWidth)
    }
}
