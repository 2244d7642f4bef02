
/// One book in the library (`reader add`, or opened once): where it is, what it is, how
/// far it has been read. Keyed by `ContentHash`, so a moved file is the same entry.
public struct LibraryEntry: Codable, Hashable, Sendable {
    /// The content hash of the file (see `ContentHash`): the entry's identity.
    public var key: String
    /// Where the file was last found (standardised, absolute).
    public var path: String
    /// Title (from the EPUB's OPF or the TXT's first lines; the file name otherwise).
    public var title: String
    /// Authors in document order.
    public var authors: [String]
    /// BCP 47 language tag, or "".
    public var language: String
    /// "epub" or "txt".
    public var format: String
    /// Size of the file in bytes.
    public var fileSize: Int
    /// When it entered the library (seconds since 1970).
    public var added: Double
    /// When it was last opened in the reader (seconds since 1970); nil if never.
    public var lastOpened: Double?
    /// How far it has been read, 0…1 (updated when the reader opens and leaves the book).
    public var progress: Double
    /// Length of the book's text in bytes, known once the reader has opened it (nil after
    /// `reader add` only): with a reading speed it gives the time left.
    public var textBytes: Int?

    /// An entry; `lastOpened` nil and progress 0 until the reader opens it.
    public init(key: String, path: String, title: String, authors: [String] = [], language: String = "", format: String,
                fileSize: Int, added: Double, lastOpened: Double? = nil, progress: Double = 0, textBytes: Int? = nil) {
        self.key = key
        self.path = path
        self.title = title
        self.authors = authors
        self.language = language
        self.format = format
        self.fileSize = fileSize
        self.added = added
        self.lastOpened = lastOpened
        self.progress = progress
        self.textBytes = textBytes
    }

    /// The authors as one line ("A, B").
    public var authorLine: String { authors.joined(separator: ", ") }
}
