/// The kind of a block-level element of a book.
public enum BlockKind: UInt8, Sendable, Codable, CaseIterable {
    /// An ordinary paragraph.
    case paragraph
    /// A heading; `Block.level` holds 1…6.
    case heading
    /// A quotation set off from the text.
    case blockquote
    /// Preformatted text: whitespace and line breaks are kept as they are.
    case preformatted
    /// An item of a list; `Block.level` holds the nesting depth (1 = outermost).
    case listItem
    /// One row of a table, cells separated by " | ".
    case tableRow
    /// An image placeholder; the block's text is "[image: ALT]" (or "[image]").
    case image
    /// A footnote or endnote body that note references point to.
    case footnote
    /// A thematic break (`<hr>`, "* * *").
    case separator
}

/// A block of text (paragraph, heading, …) as a byte range of the book.
///
/// Blocks never overlap and are stored in reading order. The bytes of a block never
/// contain the separator between blocks; hard line breaks inside a block are `\n`.
public struct Block: Hashable, Sendable {
    /// What kind of block this is.
    public var kind: BlockKind
    /// Heading level (1…6) or list nesting depth; 0 otherwise.
    public var level: UInt8
    /// Explicit paragraph direction from the source (`dir` attribute), if any.
    public var direction: TextDirection
    /// A stanza of verse: its lines are hard line breaks, and a blank line sets it off
    /// from the blocks around it in every layout (compact too).
    public var isVerse: Bool
    /// For a block of a list item (a list item or a note in a numbered list): its marker
    /// and the indent of its text. Nil elsewhere, and for list items built without one
    /// (they get a "•" on each block and an indent of 2 cells a level).
    public var marker: ListMarker?
    /// The block's bytes in the book buffer.
    public var range: ByteRange
    /// Indent, end alignment and a page break from the source (Aozora annotations).
    public var placement: BlockPlacement

    /// Creates a block.
    public init(kind: BlockKind, level: UInt8 = 0, direction: TextDirection = .unspecified, isVerse: Bool = false,
                marker: ListMarker? = nil, range: ByteRange, placement: BlockPlacement = BlockPlacement()) {
        self.kind = kind
        self.level = level
        self.direction = direction
        self.isVerse = isVerse
        self.marker = marker
        self.range = range
        self.placement = placement
    }
}

/// The writing direction declared by a book or a block.
public enum TextDirection: String, Sendable, Codable {
    /// Left to right.
    case leftToRight = "ltr"
    /// Right to left.
    case rightToLeft = "rtl"
    /// Not declared: decided from the text.
    case unspecified = "auto"
}
