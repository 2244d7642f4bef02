import TextContent

/// The width-independent analysis of a laid-out range: one `BlockAnalysis` per block
/// slice, in order (`TextLayout.analyze`). `TextLayout.fit` turns it into the lines
/// `TextLayout.layout` would give for the same range at any width, tab width, indent and
/// spacing — only the line-break style (and, for a book with ruby, the ruby mode) is fixed.
public struct LayoutAnalysis: Sendable {
    /// The range that was analysed (as given, not clipped).
    public let range: ByteRange
    /// The line-break style of every block's opportunities.
    public let lineBreakStyle: LineBreakStyle
    /// The ruby mode the bases were measured in (`.off` for a book without ruby).
    public let ruby: RubyMode
    /// The slices of the blocks intersecting `range`, in reading order.
    public let blocks: [BlockAnalysis]

    /// Approximate memory held, in bytes.
    public var byteCount: Int { blocks.reduce(0) { $0 + $1.byteCount } }
}
