/// The container format a book was read from.
public enum BookFormat: String, Sendable, Codable {
    /// An EPUB 2 or 3 publication.
    case epub
    /// A plain-text file.
    case txt
    /// A FictionBook 2 document (`.fb2`, or a zip holding one).
    case fb2
    /// A Mobipocket / Kindle file: MOBI 6, KF8 (AZW3), or PalmDOC (`version` says which).
    case mobi
    /// A single HTML or XHTML file.
    case html
    /// A Markdown (CommonMark + tables) file.
    case markdown

    /// The name `reader info` shows: "EPUB 3.0", "FB2 2.1", "MOBI 6 + KF8", "AZW3",
    /// "PalmDOC", "HTML", "Markdown", "TXT".
    public func displayName(version: String) -> String {
        switch self {
        case .epub: return version.isEmpty ? "EPUB" : "EPUB \(version)"
        case .txt: return "TXT"
        case .fb2: return version.isEmpty ? "FB2" : "FB2 \(version)"
        case .mobi: return version.isEmpty ? "MOBI" : version
        case .html: return version.isEmpty ? "HTML" : version
        case .markdown: return "Markdown"
        }
    }

    /// The one-byte code the caches store (stable: never renumber).
    public var code: UInt8 {
        switch self {
        case .epub: return 0
        case .txt: return 1
        case .fb2: return 2
        case .mobi: return 3
        case .html: return 4
        case .markdown: return 5
        }
    }

    /// The format with cache code `code`, or nil.
    public init?(code: UInt8) {
        guard let f = [BookFormat.epub, .txt, .fb2, .mobi, .html, .markdown].first(where: { $0.code == code }) else { return nil }
        self = f
    }
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
    /// The format's version: EPUB "2.0"/"3.0", FB2 "2.0"/"2.1", MOBI "MOBI 6", "MOBI 6 + KF8",
    /// "AZW3" or "PalmDOC", HTML "HTML"/"XHTML"; empty for TXT and Markdown.
    public var version: String
    /// The cover image, as an `ImageReference.source` of the book (EPUB `cover-image`, FB2
    /// `<coverpage>`), or nil.
    public var cover: String?
    /// Whether the book is made of fixed pages (an EPUB 3 fixed-layout book: the package's
    /// `rendition:layout` is `pre-paginated`, or every spine document is): each page
    /// document's first block starts a new page (`BlockPlacement.startsPage`). False for
    /// every other format.
    public var fixedLayout: Bool
    /// Whether the book asks to be set vertically (an EPUB whose stylesheets give `html` or
    /// `body` `writing-mode: vertical-rl`, in Japanese or Chinese): the pager starts in
    /// vertical text unless told otherwise (issue #23).
    public var verticalWriting: Bool

    /// Creates metadata.
    public init(title: String, authors: [String] = [], language: String = "", format: BookFormat,
                encoding: String = "UTF-8", direction: TextDirection = .unspecified, version: String = "",
                cover: String? = nil, fixedLayout: Bool = false, verticalWriting: Bool = false) {
        self.verticalWriting = verticalWriting
        self.cover = cover
        self.fixedLayout = fixedLayout
        self.title = title
        self.authors = authors
        self.language = language
        self.format = format
        self.encoding = encoding
        self.direction = direction
        self.version = version
    }
}
