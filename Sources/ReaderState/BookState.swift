import Glibc
import Support

/// A saved place in a book: the chapter and the byte offset of the first visible text.
public struct SavedPosition: Codable, Hashable, Sendable {
    /// Chapter index (0-based) — informative; the offset is what is restored.
    public var chapter: Int
    /// TextContent byte offset of the first visible text.
    public var offset: Int
    /// The source document the position is in (an EPUB entry path), so that a big book can
    /// be opened at this place before the rest of it is parsed (issue #20); nil in states
    /// written before, and for books without source documents.
    public var document: String?
    /// Bytes from that document's first text to the position (`DocumentPlace.offset`).
    public var documentOffset: Int?

    public init(chapter: Int, offset: Int, document: String? = nil, documentOffset: Int? = nil) {
        self.chapter = chapter
        self.offset = offset
        self.document = document
        self.documentOffset = documentOffset
    }
}

/// A user bookmark.
public struct Bookmark: Codable, Hashable, Sendable {
    /// Where it points.
    public var position: SavedPosition
    /// A label (by default the first words of the line).
    public var label: String
    /// When it was made (seconds since 1970).
    public var created: Double

    public init(position: SavedPosition, label: String, created: Double) {
        self.position = position
        self.label = label
        self.created = created
    }
}

/// Everything remembered about one book, stored as one small JSON file.
public struct BookState: Codable, Hashable, Sendable {
    /// Format version of this record.
    public var version: Int = 1
    /// Content hash that names the file (see `ContentHash`).
    public var key: String
    /// The path it was last opened from (informative: a moved file keeps its state).
    public var lastPath: String
    /// Title, for listings.
    public var title: String
    /// Where the reader was.
    public var position: SavedPosition
    /// Bookmarks in the order made.
    public var bookmarks: [Bookmark]
    /// Last time it was saved (seconds since 1970).
    public var updated: Double
    /// Where the reader jumped from, oldest first (the jump list, at most 100); absent in
    /// files written before it existed.
    public var jumps: [SavedPosition]?
    /// Settings changed inside the reader for this book (`+`/`-` width, `c` theme, the
    /// `o` panel), as config-file keys and values (`width` → `72`, `theme` → `light`: the
    /// names of the long command-line options, docs/CONFIG.md). They override the config
    /// file and are overridden by the command line. Absent when none was changed.
    public var settings: [String: String]?
    /// Highlights and their notes (visual mode's `h`, `a`), in book order; absent when
    /// there are none.
    public var highlights: [StoredHighlight]?

    public init(key: String, lastPath: String, title: String, position: SavedPosition = SavedPosition(chapter: 0, offset: 0),
                bookmarks: [Bookmark] = [], updated: Double = 0) {
        self.key = key
        self.lastPath = lastPath
        self.title = title
        self.position = position
        self.bookmarks = bookmarks
        self.updated = updated
    }
}

/// Hash of a book file's bytes (`Digest.combineWords`: FNV-1a's multiply–xor over 8-byte
/// words, then the tail bytes), plus the file size, so a renamed or moved file keeps its
/// place. It names the book's state file and cache files, so its value for given bytes
/// must never change (`ContentHashVectorTests`). Not cryptographic: it tells books apart,
/// it does not defend against forgery.
public enum ContentHash {
    /// The key of a file's contents, as 16 hex digits, "-", the size in hex.
    public static func of(_ bytes: UnsafeRawBufferPointer) -> String {
        var digest = Digest()
        digest.combineWords(bytes)
        return digest.hex + "-" + String(bytes.count, radix: 16)
    }

    /// The key of the file at `path`, or nil if it cannot be read or is not a regular file
    /// (a FIFO would block, `/dev/zero` would never end).
    public static func ofFile(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(st.st_size)
        if size == 0 { return of(UnsafeRawBufferPointer(start: nil, count: 0)) }
        // Mapped, not read: hashing touches each page once and copies nothing.
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else { return nil }
        defer { munmap(base, size) }
        return of(UnsafeRawBufferPointer(start: base, count: size))
    }
}
