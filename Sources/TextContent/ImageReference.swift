/// An image of the book: where its placeholder text starts and where its bytes are, so a
/// later stage can decode and draw it in place of the placeholder (`[image: ALT]`).
public struct ImageReference: Hashable, Sendable {
    /// The first byte of the image's placeholder text (an image block's start, or inside
    /// a table row).
    public var offset: ByteOffset
    /// Where the image's bytes are, in the book's own terms: an entry of the EPUB's
    /// container (`OEBPS/images/a.png`), an FB2 binary (`#cover.jpg`), a MOBI resource
    /// (`resource00001.jpg`), a path relative to an HTML or Markdown file. Printable, at most
    /// `maximumSourceLength` bytes (a longer one, e.g. a `data:` URI, is not recorded).
    public var source: String

    /// The longest source kept.
    public static let maximumSourceLength = 2048

    /// Creates a reference.
    public init(offset: ByteOffset, source: String) {
        self.offset = offset
        self.source = source
    }
}
