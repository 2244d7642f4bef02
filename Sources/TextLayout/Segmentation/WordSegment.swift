/// A piece of text between two word boundaries (`WordBoundaries`).
public struct WordSegment: Hashable, Sendable {
    /// Its bytes: offsets into the buffer that was segmented.
    public var range: Range<Int>
    /// Whether it holds a letter, a digit or an ideograph (General_Category L* or N*): a
    /// word, as opposed to spaces, punctuation or symbols.
    public var isWord: Bool

    /// A segment of `range`.
    public init(range: Range<Int>, isWord: Bool) {
        self.range = range
        self.isWord = isWord
    }
}
