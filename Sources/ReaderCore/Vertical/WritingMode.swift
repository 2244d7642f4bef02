/// How the pager sets the text (issue #23): in lines, or in vertical columns right to left
/// (tategaki, `V`; docs/VERTICAL.md).
public enum WritingMode: String, Hashable, Sendable, CaseIterable {
    /// Lines from the top, the usual layout.
    case horizontal
    /// Columns from the right, each top to bottom; pages turn to the left.
    case vertical
}
