/// A highlight as the book's state keeps it: its bytes, and the text they held, so that it
/// can be found again when the offsets no longer hold it (docs/ANNOTATIONS.md).
public struct StoredHighlight: Codable, Hashable, Sendable {
    /// Unique within the book.
    public var id: String
    /// Byte offsets of the highlighted text (start, end).
    public var start: Int
    public var end: Int
    /// Chapter index (informative).
    public var chapter: Int
    /// Its colour's name (yellow, green, blue, pink, purple).
    public var color: String
    /// The note on it, if any.
    public var note: String?
    /// The text it covered when it was made.
    public var quote: String
    /// Up to `contextLength` bytes of text before and after the quote when it was saved
    /// (whole characters): they tell apart repeated quotes and let an edited quote be
    /// found again (`HighlightAnchoring`); absent in files written before them.
    public var before: String?
    public var after: String?
    /// When it was made and last changed (seconds since 1970).
    public var created: Double
    public var updated: Double

    /// Creates a stored highlight.
    public init(id: String, start: Int, end: Int, chapter: Int, color: String, note: String?, quote: String,
                created: Double, updated: Double, before: String? = nil, after: String? = nil) {
        self.id = id
        self.start = start
        self.end = end
        self.chapter = chapter
        self.color = color
        self.note = note
        self.quote = quote
        self.created = created
        self.updated = updated
        self.before = before
        self.after = after
    }

    /// How much context is kept each side of the quote, in bytes.
    public static let contextLength = 48
}
