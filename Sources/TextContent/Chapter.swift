/// A chapter of the book: a titled byte range in reading order.
///
/// Chapters cover the whole text without gaps or overlaps: chapter *i* ends where
/// chapter *i+1* starts, the first starts at 0 and the last ends at the end of the text.
public struct Chapter: Hashable, Sendable {
    /// The title shown in the table of contents and the status line.
    public var title: String
    /// Nesting level, 1 for top-level chapters.
    public var level: Int
    /// The chapter's bytes.
    public var range: ByteRange
    /// Where it came from: an EPUB entry path (with `#fragment` if any), or for TXT the
    /// byte offset of the heading line in the original file as `"@<offset>"`.
    public var source: String
    /// The chapter's own writing mode when it differs from the book's
    /// (`BookMetadata.verticalWriting`): true vertical, false horizontal (an EPUB whose
    /// colophon is `.hltr` in a vertical book, issue #23); nil as the book.
    public var verticalWriting: Bool?

    /// Creates a chapter.
    public init(title: String, level: Int = 1, range: ByteRange, source: String, verticalWriting: Bool? = nil) {
        self.title = title
        self.level = level
        self.range = range
        self.source = source
        self.verticalWriting = verticalWriting
    }
}

/// One entry of the table of contents, flattened in document order with its depth.
public struct TOCEntry: Hashable, Sendable {
    /// Label shown to the user.
    public var title: String
    /// Depth, 1 for the top level.
    public var level: Int
    /// Where the entry points in the book.
    public var target: ByteOffset
    /// The original href or heading location, for diagnostics.
    public var source: String

    /// Creates a TOC entry.
    public init(title: String, level: Int, target: ByteOffset, source: String) {
        self.title = title
        self.level = level
        self.target = target
        self.source = source
    }
}
