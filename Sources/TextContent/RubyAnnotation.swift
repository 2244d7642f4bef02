/// A reading (ruby, furigana) over a run of the book's text: `漢字《かんじ》`, `<ruby>`.
///
/// The base is text of the book (a byte range of `TextContent.bytes`); the reading is not:
/// it lives in `TextContent.rubyText`, so offsets, search and progress are about the base
/// text alone. Annotations are sorted by base, never overlap, never cross a block
/// separator, and have a non-empty base and a non-empty reading. See docs/RUBY.md.
public struct RubyAnnotation: Hashable, Sendable {
    /// The annotated text.
    public var base: ByteRange
    /// Where the reading's UTF-8 bytes are in `TextContent.rubyText`.
    public var reading: Range<Int>

    /// Creates an annotation.
    public init(base: ByteRange, reading: Range<Int>) {
        self.base = base
        self.reading = reading
    }
}
