import TextContent

/// Where the pager's screen is (`Pager.place`): the reading position and, inside a picture
/// taller than the page (fit width, `z`), how many of its rows are above the screen.
public struct PagerPlace: Hashable, Sendable {
    /// The byte offset of the first visible text (the saved position).
    public var anchor: ByteOffset
    /// Rows of the picture at `anchor` above the screen (0 elsewhere).
    public var pictureRowSkip: Int

    /// A place.
    public init(anchor: ByteOffset, pictureRowSkip: Int = 0) {
        self.anchor = anchor
        self.pictureRowSkip = pictureRowSkip
    }
}
