import TextContent

/// Visual mode's selection: the unit it started on (a word, a cluster, a paragraph) and
/// the cluster the cursor is on. It is a byte range of the book, so it survives a resize
/// and may span pages and chapters.
public struct TextSelection: Hashable, Sendable {
    /// Where the selection started (`o` swaps it with the head).
    public var anchor: ByteRange
    /// The cluster the motions move (a range of one grapheme cluster, or a whole unit
    /// after a double or triple click).
    public var head: ByteRange

    /// A selection of `unit`, the head on it.
    public init(_ unit: ByteRange) {
        anchor = unit
        head = unit
    }

    /// A selection from `anchor` to `head`.
    public init(anchor: ByteRange, head: ByteRange) {
        self.anchor = anchor
        self.head = head
    }

    /// The selected bytes: from the first start to the last end of the two.
    public var range: ByteRange {
        ByteRange(min(anchor.lowerBound, head.lowerBound), max(anchor.upperBound, head.upperBound))
    }

    /// The ends swapped (`o`).
    public var swapped: TextSelection { TextSelection(anchor: head, head: anchor) }
}
