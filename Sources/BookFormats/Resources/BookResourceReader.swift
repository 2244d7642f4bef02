import Support
import TextContent

/// Reads many resources of one book (the pictures of a book being read), opening the book
/// once: the same bytes, limits and `BookError`s as `BookResources.bytes(of:inBookAt:format:)`,
/// without its cost per read.
///
/// * EPUB: the `ZipArchive`, opened on the first read, stays open.
/// * MOBI, AZW3: the book is loaded into libmobi on the first read (checked, DRM refused)
///   and kept; images are read straight from their records (`MOBIResources`), never by
///   rebuilding the book. The loaded book holds a copy of the file's records (about the
///   file's size).
/// * FB2: the document's bytes (an `.fb2.zip`'s inflated document, or the `.fb2` file) are
///   kept after the first read when they are at most `maxKeptDocument` bytes, so a zipped
///   book is not inflated again for each picture; a larger one is read again per read.
/// * HTML, Markdown: the file next to the book, read per read (nothing to keep).
///
/// A failure to open is not kept: the next read tries again. Thread-safe: reads are
/// serialised by a lock (libzip and libmobi handles are not thread-safe), so the reader can
/// be shared between the drawing thread and a background decoding thread.
public final class BookResourceReader: @unchecked Sendable {
    /// The largest FB2 document kept between reads (16 MiB: a book with many pictures).
    public static let maxKeptDocument = 16 << 20

    /// The book's path, as given.
    public let path: String
    /// The book's format, as given.
    public let format: BookFormat

    private let lock = Lock()
    private var zip: ZipArchive?
    private var mobi: MOBIFile?
    private var mobiHasNoResources = false
    private var fb2Document: [UInt8]?

    /// A reader for the book at `path` of `format`; nothing is opened until the first read.
    public init(path: String, format: BookFormat) {
        self.path = path
        self.format = format
    }

    /// The bytes of `source` (an `ImageReference.source` of the book). Throws the
    /// `BookError`s `BookResources.bytes` does: `.noReadableContent` when the book has no
    /// such resource, `.limitExceeded` over `BookResources.maxResourceSize`, and the
    /// book's own errors (unreadable, invalid, DRM-protected).
    public func bytes(of source: String) throws -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        switch format {
        case .epub:
            return try BookResources.zipEntry(source, in: try openZip(), path: path)
        case .fb2:
            guard source.hasPrefix("#") else { throw BookResources.missing(source, path) }
            return try BookResources.fb2Binary(source, in: try fb2DocumentBytes(), path: path)
        case .mobi:
            guard let file = try openMOBI(),
                  let data = try MOBIResources.bytes(named: source, in: file, path: path, limit: BookResources.maxResourceSize) else {
                throw BookResources.missing(source, path)
            }
            return data
        case .html, .markdown, .txt:
            return try BookResources.bytes(of: source, inBookAt: path, format: format)
        }
    }

    private func openZip() throws -> ZipArchive {
        if let zip { return zip }
        let opened = try ZipArchive(path: path)
        zip = opened
        return opened
    }

    private func openMOBI() throws -> MOBIFile? {
        if let mobi { return mobi }
        if mobiHasNoResources { return nil }
        let opened = try MOBIResources.open(path: path)
        mobi = opened
        mobiHasNoResources = opened == nil
        return opened
    }

    private func fb2DocumentBytes() throws -> [UInt8] {
        if let fb2Document { return fb2Document }
        let document = try BookResources.fb2Document(path: path)
        if document.count <= Self.maxKeptDocument { fb2Document = document }
        return document
    }
}
