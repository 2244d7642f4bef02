import ReaderState
import Support

/// A book's highlights and notes as `reader notes --format json` writes them and
/// `reader notes import` reads them (docs/ANNOTATIONS.md, "Export and import"): every
/// stored field, plus where each one is in the book now (chapter title, percent).
public struct NotesDocument: Codable, Equatable, Sendable {
    /// Always "reader-notes": tells this file from any other JSON.
    public var format: String
    /// Format version (1).
    public var version: Int
    /// The book the notes belong to.
    public var book: Book
    /// In book order.
    public var highlights: [Highlight]

    /// The book a notes file comes from.
    public struct Book: Codable, Equatable, Sendable {
        public var title: String
        public var authors: [String]
        public var language: String
        /// The book file's content hash (`ContentHash`) when it was exported.
        public var key: String
        public var path: String?
    }

    /// One highlight: `StoredHighlight`'s fields, and where it is in the book now.
    public struct Highlight: Codable, Equatable, Sendable {
        public var id: String
        /// Byte offsets of the text in the book (start, end).
        public var start: Int
        public var end: Int
        /// Chapter index (0-based) and title.
        public var chapter: Int
        public var chapterTitle: String?
        /// Position of the start in the book's text, 0–100.
        public var percent: Double
        public var color: String
        public var note: String?
        public var quote: String
        public var before: String?
        public var after: String?
        /// Seconds since 1970.
        public var created: Double
        public var updated: Double
        /// False when the quote was not found in this version of the book (the offsets
        /// are then the saved ones).
        public var found: Bool

        /// The stored form (for import).
        public var stored: StoredHighlight {
            StoredHighlight(id: id, start: start, end: end, chapter: chapter, color: color, note: note, quote: quote,
                            created: created, updated: updated, before: before, after: after)
        }
    }

    /// The value of `format`.
    public static let formatName = "reader-notes"

    /// A document of the current version.
    public init(book: Book, highlights: [Highlight]) {
        format = Self.formatName
        version = 1
        self.book = book
        self.highlights = highlights
    }

    /// The JSON text, UTF-8 (sorted keys, indented, slashes unescaped): the bytes
    /// Foundation's `JSONEncoder` wrote with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`.
    public func json() throws -> [UInt8] {
        try JSONTextEncoder(prettyPrinted: true, sortedKeys: true, escapesSlashes: false).encode(self)
    }
}
