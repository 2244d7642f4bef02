/// The container format a book was read from.
public enum BookFormat: String, Sendable, Codable {
    /// An EPUB 2 or 3 publication.
    case epub
    /// A plain-text file.
    case txt
}

/// Descriptive metadata of a book.
public struct BookMetadata: Hashable, Sendable {
    /// Title (falls back to the file name without extension).
    public var title: String
    /// Authors / creators in document order.
    public var authors: [String]
    /// BCP 47 language tag, or "" when unknown.
    public var language: String
    /// The source format.
    public var format: BookFormat
    /// The encoding the text was decoded from ("UTF-8", "GB18030", …; EPUB: "UTF-8").
    public var encoding: String
    /// Declared direction (EPUB `page-progression-direction`, or RTL languages).
    public var direction: TextDirection
    /// The EPUB package version ("2.0", "3.0"), empty for TXT.
    public var version: String

    /// Creates metadata.
    public init(title: String, authors: [String] = [], language: String = "", format: BookFormat,
                encoding: String = "UTF-8", direction: TextDirection = .unspecified, version: String = "") {
        self.title = title
        self.authors = authors
        self.language = language
        self.format = format
        self.encoding = encoding
        self.direction = direction
        self.version = version
    }
}
