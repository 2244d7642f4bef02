import Support
import TextContent

/// The on-disk cache of parsed books: one `TextContentCodec` file per book under
/// `<cache root>/content/<book key>.rtc`, so a book opened before skips EPUB/TXT parsing.
///
/// * The key stored in the file is `reader-content;book=<book key>;parser=<parser version>`:
///   a file written by another parser version is a miss.
/// * Loading never fails loudly: a missing file is a miss; a damaged, foreign or
///   old-version file is a miss *and is removed* (only if it is still the file that was read).
/// * Storing is atomic (temporary file + rename), then evicts the least recently used
///   content files (oldest modification time; a successful load marks a file used) beyond
///   `maxBytes`. Content files live in their own folder, apart from `LayoutCache`'s, so the
///   two caches never evict each other's files.
public struct ContentCache: Sendable {
    /// Version of the parsers' output. **Bump it whenever `BookFormats` (any format's parsing,
    /// sanitising, chapter or block splitting, …) can produce a different `TextContent`
    /// for the same file**: older cache files then become misses.
    public static let parserVersion = 12   // 12: EPUB chapters' own writing modes (a chapter starts where a document's root class changes the mode); 11: EPUB manifest fallbacks, repeated spine items, picture pages, nav labels and CSS-hidden navs, links above the root, DOCTYPE subsets (internal entities), zip methods and XML checks reported; 10: a MOBI's EXTH cover as the first block when its text does not show it; 9: EPUB fixed layout (metadata, page starts); 8: FB2, MOBI, HTML, Markdown, <s>/<del> strikethrough; 7: EPUB <ruby>, CSS text-emphasis, Aozora ruby/marks/placement; 6: the model
    /// Extension of content cache files.
    public static let fileExtension = ".rtc"
    /// Default size limit: 200 MiB.
    public static let defaultMaxBytes = 200 << 20

    /// The folder holding the content files.
    public let folder: String
    /// Size limit in bytes enforced after each store.
    public var maxBytes: Int

    /// A cache in `cacheRoot/content` (pass `XDGDirectories(environment:).cache`).
    public init(cacheRoot: String, maxBytes: Int = ContentCache.defaultMaxBytes) {
        self.init(folder: FilePath.join(cacheRoot, "content"), maxBytes: maxBytes)
    }

    /// A cache in exactly `folder`.
    public init(folder: String, maxBytes: Int = ContentCache.defaultMaxBytes) {
        self.folder = folder
        self.maxBytes = max(0, maxBytes)
    }

    /// The file name of a book: its key reduced to `[0-9a-z-]` (at most 64 characters), then `.rtc`.
    public static func fileName(bookKey: String) -> String { CacheFiles.safeName(bookKey) + fileExtension }

    /// The key stored in (and checked against) a book's file.
    public static func identity(bookKey: String, parserVersion: Int) -> String {
        "reader-content;book=\(bookKey);parser=\(parserVersion)"
    }

    /// The path of a book's file.
    public func path(bookKey: String) -> String { folder + "/" + ContentCache.fileName(bookKey: bookKey) }

    /// The cached parse of a book, or nil on a miss. A damaged, foreign or other-version
    /// file is removed. A hit marks the file as used (LRU).
    public func load(bookKey: String, parserVersion: Int = ContentCache.parserVersion) -> TextContent? {
        let path = path(bookKey: bookKey)
        guard let read = CacheFiles.read(path) else { return nil }
        var bytes = read.bytes
        let identity = read.identity
        let key = ContentCache.identity(bookKey: bookKey, parserVersion: parserVersion)
        do {
            let content = try TextContentCodec.decode(reusing: &bytes, expectedKey: key)
            CacheFiles.touch(path)
            return content
        } catch {
            CacheFiles.removeIfUnchanged(identity)
            return nil
        }
    }

    /// Stores the parse of a book atomically, then evicts least-recently-used content files
    /// beyond `maxBytes` (never the one just written). Returns the number of bytes written.
    @discardableResult
    public func store(_ content: TextContent, bookKey: String, parserVersion: Int = ContentCache.parserVersion) throws -> Int {
        // In pieces: the book's text is written from the content itself, not copied.
        let pieces = TextContentCodec.encodePieces(content, key: ContentCache.identity(bookKey: bookKey, parserVersion: parserVersion))
        let name = ContentCache.fileName(bookKey: bookKey)
        try CacheFiles.writeAtomically(pieces: [pieces.head, content.bytes, pieces.rest], folder: folder, name: name)
        evict(protecting: name)
        return pieces.head.count + content.bytes.count + pieces.rest.count
    }

    /// Removes a book's file, if any.
    public func remove(bookKey: String) {
        CacheFiles.remove(path(bookKey: bookKey))
    }

    /// The number of content files (one per book, and per forced encoding) and their total size.
    public func stats() -> (files: Int, bytes: Int) {
        let files = CacheFiles.cacheFiles(folder: folder, fileExtension: ContentCache.fileExtension)
        return (files.count, files.reduce(0) { $0 + $1.size })
    }

    /// Removes every content file (and leftover temporary file); returns (files, bytes) removed.
    @discardableResult
    public func clear() -> (files: Int, bytes: Int) {
        CacheFiles.clear(folder: folder, fileExtension: ContentCache.fileExtension)
    }

    /// Removes least-recently-used content files (oldest modification time first) until the
    /// total is within `maxBytes`, never removing `protecting`; also removes temporary files
    /// left by crashed writers. Returns the number of content files removed.
    @discardableResult
    public func evict(protecting: String? = nil) -> Int {
        CacheFiles.evict(folder: folder, fileExtension: ContentCache.fileExtension, maxBytes: maxBytes, protecting: protecting)
    }
}
