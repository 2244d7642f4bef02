import Storage
import Support
import TextContent
import TextLayout

/// The on-disk layout cache: one file per (book, layout options, engine version, Unicode
/// version) holding the lines of every chapter, under `<cache root>/layout/`
/// (`$XDG_CACHE_HOME/reader/layout`, default `~/.cache/reader/layout`).
///
/// * Loading never fails loudly: a missing file is a miss; a corrupt, truncated, foreign or
///   old-version file is a miss *and is removed*, so the next store replaces it.
/// * Storing writes a temporary file and renames it (atomic; concurrent stores of the same
///   key each produce a complete file, the last rename wins).
/// * Size is capped (`maxBytes`, default 500 MiB) by least-recently-used eviction after each
///   store; "used" is the file's modification time, set when written and on every
///   successful `open`.
///
/// A value type holding only a folder and a limit: every method is independent and safe to
/// call from several threads or processes at once (no locks; the file system arbitrates).
public struct LayoutCache: Sendable {
    /// Extension of cache files.
    public static let fileExtension = ".rlc"
    /// Default size limit: 500 MiB.
    public static let defaultMaxBytes = 500 << 20

    /// The folder holding the cache files.
    public let folder: String
    /// Size limit in bytes enforced after each store.
    public var maxBytes: Int

    /// A cache in `cacheRoot/layout` (pass `XDGDirectories(environment:).cache`).
    public init(cacheRoot: String, maxBytes: Int = LayoutCache.defaultMaxBytes) {
        self.init(folder: FilePath.join(cacheRoot, "layout"), maxBytes: maxBytes)
    }

    /// A cache in exactly `folder`.
    public init(folder: String, maxBytes: Int = LayoutCache.defaultMaxBytes) {
        self.folder = folder
        self.maxBytes = max(0, maxBytes)
    }

    /// The path of the file for `key`.
    public func path(for key: LayoutCacheKey) -> String { folder + "/" + key.fileName }

    // MARK: Loading

    /// The cached layout of a book at `options`, or nil on a miss.
    ///
    /// Pass the book's `content` (the pager always has it) to also check that the file was
    /// made from the same text — same chapter ranges and same text digest — so a change of
    /// parser can never show stale lines. A successful open marks the file as used (LRU).
    public func open(bookKey: String, options: LayoutOptions, content: TextContent? = nil) -> CachedBookLayout? {
        open(LayoutCacheKey(bookKey: bookKey, options: options), content: content)
    }

    /// The cached layout for `key`, or nil on a miss (see `open(bookKey:options:content:)`).
    public func open(_ key: LayoutCacheKey, content: TextContent? = nil) -> CachedBookLayout? {
        guard let (bytes, header, origin) = openFile(path: path(for: key), identity: key.identity, content: content) else { return nil }
        return CachedBookLayout(key: key, bytes: bytes, header: header, origin: origin)
    }

    /// Reads a cache file and checks its header against `identity` and, given `content`,
    /// its text (length, chapter ranges, digest); a file that fails is removed. Marks a file
    /// that passes as used.
    func openFile(path: String, identity expected: String, content: TextContent?)
        -> (bytes: [UInt8], header: CacheFileFormat.Header, origin: CacheFiles.Identity)? {
        guard let (bytes, identity) = CacheFiles.read(path) else { return nil }
        let header: CacheFileFormat.Header
        do {
            header = try bytes.withUnsafeBytes { try CacheFileFormat.parseHeader($0, expectedIdentity: Array(expected.utf8)) }
        } catch {
            CacheFiles.removeIfUnchanged(identity)
            return nil
        }
        if let content {
            guard header.textBytes == content.bytes.count, header.matches(chapterRanges: content.chapters.map(\.range)),
                  header.textDigest == LayoutCache.textDigest(of: content) else {
                CacheFiles.removeIfUnchanged(identity)
                return nil
            }
        }
        CacheFiles.touch(path)
        return (bytes, header, identity)
    }

    /// A 64-bit digest of a book's text, stored in each file and checked by
    /// `open(…content:)`: `Digest.words` — FNV-1a's multiply over 8-byte little-endian words
    /// with an xor-shift after each (≈ 8× faster than byte-wise FNV: opening War and Peace
    /// checks 3 MB of text), then the tail bytes and the length; taken from the content when
    /// it knows it (`TextContent.knownTextDigest`). An integrity check, not a defence against
    /// crafted collisions.
    public static func textDigest(of content: TextContent) -> UInt64 {
        content.knownTextDigest ?? content.bytes.withUnsafeBytes { Digest.words($0) }
    }

    // MARK: Storing

    /// What a store wrote.
    public struct StoreResult: Sendable, Equatable {
        /// The file written.
        public var path: String
        /// Its size in bytes.
        public var bytes: Int
        /// Lines it holds (all chapters).
        public var lines: Int
        /// Files removed by the eviction that followed.
        public var evicted: Int
    }

    /// Stores the layout of every chapter of `content` (as made by
    /// `BookLayoutBuilder.layoutChapters`) atomically, then evicts least-recently-used files
    /// beyond `maxBytes` (never the file just written).
    @discardableResult
    public func store(bookKey: String, options: LayoutOptions, content: TextContent,
                      chapters: [LineCollection]) throws -> StoreResult {
        try store(LayoutCacheKey(bookKey: bookKey, options: options), content: content, chapters: chapters)
    }

    /// Stores chapters under an explicit key (see `store(bookKey:options:content:chapters:)`).
    @discardableResult
    public func store(_ key: LayoutCacheKey, content: TextContent, chapters: [LineCollection]) throws -> StoreResult {
        guard chapters.count == content.chapters.count,
              zip(chapters, content.chapters).allSatisfy({ $0.range == $1.range }) else {
            throw LayoutCacheError.inconsistentChapters("they are not the book's chapters")
        }
        guard chapters.allSatisfy({ $0.options == key.options }) else {
            throw LayoutCacheError.inconsistentChapters("laid out with other options than the key's")
        }
        return try store(key, content: content, capacity: chapters.reduce(0) { $0 + 64 + $1.count * 4 }) { chapters[$0] }
    }

    /// Lays out every chapter of `content` for `options` (as `BookLayoutBuilder` does) and
    /// stores the layout like `store(bookKey:options:content:chapters:)`, each chapter's
    /// lines encoded as soon as they are made and dropped: the whole book's lines (14 bytes
    /// a line, and their arrays' spare room) are never held at once, only their encoding.
    @discardableResult
    public func store(bookKey: String, options: LayoutOptions, layingOut content: TextContent) throws -> StoreResult {
        // About 5 % of the text (a few bytes a line); the writer grows past it if need be.
        try store(LayoutCacheKey(bookKey: bookKey, options: options), content: content,
                  capacity: content.bytes.count / 16 + 4096) {
            TextLayout.layout(content, range: content.chapters[$0].range, options: options)
        }
    }

    /// Writes the file of `key`, chapter `i`'s lines given by `lines(i)` when its blob is
    /// encoded (`capacity`: the bytes to reserve for the blobs), then evicts.
    private func store(_ key: LayoutCacheKey, content: TextContent, capacity: Int,
                       lines: (Int) -> LineCollection) throws -> StoreResult {
        guard content.bytes.count <= Int(UInt32.max) else {
            throw LayoutCacheError.inconsistentChapters("text larger than 4 GiB")
        }
        let digest = key.digest
        var total = 0
        let bytes = CacheFileFormat.encode(identity: key.identity, textDigest: LayoutCache.textDigest(of: content),
                                           ranges: content.chapters.map(\.range), capacity: capacity) { i, w in
            let chapter = lines(i)
            LineCollectionCodec.encode(chapter, key: CacheFileFormat.blobKey(digest: digest, chapter: i), into: &w)
            total += chapter.count
            return chapter.count
        }
        try CacheFiles.writeAtomically(bytes, folder: folder, name: key.fileName)
        let evicted = evict(protecting: key.fileName)
        return StoreResult(path: path(for: key), bytes: bytes.count, lines: total, evicted: evicted)
    }

    /// Removes the file of `key`, if any.
    public func remove(_ key: LayoutCacheKey) {
        CacheFiles.remove(path(for: key))
    }

    // MARK: Size limit

    /// Temporary files older than this are leftovers of a crashed writer.
    static let staleTemporaryAge: Int64 = 3600 * 1_000_000_000

    /// Removes least-recently-used cache files (oldest modification time first) until the
    /// total is within `maxBytes`, never removing `protecting`; also removes temporary files
    /// left by crashed writers. Returns the number of cache files removed.
    @discardableResult
    public func evict(protecting: String? = nil) -> Int {
        CacheFiles.evict(folder: folder, fileExtension: LayoutCache.fileExtension, maxBytes: maxBytes, protecting: protecting)
    }

    // MARK: Maintenance

    /// A summary of the cache folder.
    public struct Stats: Sendable, Equatable {
        /// Cache files.
        public var entries: Int
        /// Their total size in bytes.
        public var totalBytes: Int
        /// Distinct books among them.
        public var books: Int
    }

    /// Counts the cache files, their size and the books they belong to.
    public func stats() -> Stats {
        let files = CacheFiles.cacheFiles(folder: folder, fileExtension: LayoutCache.fileExtension)
        let books = Set(files.map { $0.name.prefix { $0 != "." } })
        return Stats(entries: files.count, totalBytes: files.reduce(0) { $0 + $1.size }, books: books.count)
    }

    /// Removes every cache file (and leftover temporary file); returns (files, bytes) removed.
    @discardableResult
    public func clear() -> (files: Int, bytes: Int) {
        CacheFiles.clear(folder: folder, fileExtension: LayoutCache.fileExtension)
    }
}
