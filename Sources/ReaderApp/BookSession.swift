import BookFormats
import Foundation
import LayoutCache
import ReaderCore
import ReaderState
import Storage
import TextContent
import TextLayout

/// How `BookSession.open` reads a book.
public struct BookOpenOptions: Sendable {
    /// The TXT encoding forced with `--encoding` (iconv name), or nil to detect it.
    public var encoding: String?
    /// Threads that may parse an EPUB's chapters.
    public var parseThreads: Int
    /// Whether the parsed book may come from the content cache (a book opened before).
    public var useContentCache: Bool
    /// When set and the book has to be parsed, this line-break style's tables are compiled
    /// on another thread meanwhile (the first layout then does not wait for them).
    public var warmLineBreaking: LineBreakStyle?
    /// Size limit of the layout cache (`READER_CACHE_MAX`).
    public var layoutCacheBytes: Int

    /// Options; the defaults are the pager's.
    public init(encoding: String? = nil, parseThreads: Int = 2, useContentCache: Bool = true,
                warmLineBreaking: LineBreakStyle? = nil, layoutCacheBytes: Int = LayoutCache.defaultMaxBytes) {
        self.encoding = encoding
        self.parseThreads = parseThreads
        self.useContentCache = useContentCache
        self.warmLineBreaking = warmLineBreaking
        self.layoutCacheBytes = layoutCacheBytes
    }
}

/// One open book: its content, its identity, its saved state and its layouts on disk.
///
/// The one way to open a book: the pager, pipe mode, `dump`, `info` and `cache build` all
/// come through `open` (content cache → parser → saved state → layout provider).
public final class BookSession {
    /// The book file (standardised), or nil for the bundled sample.
    public let path: String?
    /// The book.
    public let content: TextContent
    /// Its identity: the content hash of the file (the state and layout-cache key).
    public let key: String
    /// The content-cache key: the hash, plus the encoding when one was forced.
    public let contentKey: String
    /// Whether the book was parsed now (not read from the content cache).
    public let parsedNow: Bool
    /// Its saved state (a fresh one when there was none), read from the store when first asked.
    public var state: BookState { loadedState.state }
    /// Why the saved state could not be used, when it could not (the file was set aside).
    public var stateWarning: String? { loadedState.warning }
    /// The chapters' layouts on disk.
    public let layouts: LayoutProvider
    /// Where the state is saved.
    public let store: PositionStore
    /// The content cache.
    public let contentCache: ContentCache
    /// The library the book is recorded in when the reader opens and leaves it (nil: not
    /// recorded, as for `dump`, `info` and the tests that do not ask for it).
    public var library: LibraryStore?
    /// Where the reading statistics are added at each save (nil: not recorded; tests
    /// and `reader` set it).
    public var stats: ReadingStatsStore?
    /// The line-break style to warm up after the first frame (when parsing did not).
    private let warmStyle: LineBreakStyle?
    private lazy var loadedState: (state: BookState, warning: String?) = loadState()

    private init(path: String?, content: TextContent, key: String, contentKey: String, parsedNow: Bool,
                 store: PositionStore, directories: XDGDirectories, options: BookOpenOptions) {
        self.path = path
        self.content = content
        self.key = key
        self.contentKey = contentKey
        self.parsedNow = parsedNow
        self.store = store
        contentCache = ContentCache(cacheRoot: directories.cache)
        layouts = LayoutProvider(cacheRoot: directories.cache, maxBytes: options.layoutCacheBytes, bookKey: key, content: content)
        warmStyle = parsedNow ? nil : options.warmLineBreaking
    }

    private func loadState() -> (state: BookState, warning: String?) {
        var state = BookState(key: key, lastPath: path ?? "", title: content.metadata.title)
        var warning: String?
        switch store.load(key: key) {
        case .found(let saved): state = saved
        case .recovered(let w): warning = w
        case .none: break
        }
        if let path { state.lastPath = path }
        return (state, warning)
    }

    /// Opens the book at `path` (nil: the bundled sample).
    /// - Throws: `BookError` when the file is missing, unreadable or not a readable book.
    public static func open(_ path: String?, options: BookOpenOptions = BookOpenOptions(), directories: XDGDirectories,
                            store: PositionStore) throws -> BookSession {
        guard let path else {
            let content = try SampleBook.load()
            let key = Array(SampleBook.text.utf8).withUnsafeBytes { ContentHash.of($0) }
            return BookSession(path: nil, content: content, key: key, contentKey: key, parsedNow: false,
                               store: store, directories: directories, options: options)
        }
        try BookLoader.checkFile(path: path)
        guard let key = ContentHash.ofFile(path) else {
            _ = try BookLoader.load(path: path, options: BookLoadOptions(encoding: options.encoding))  // says why
            throw BookError.unreadable(path: path, reason: "cannot read")
        }
        // The parsed book comes from the content cache when this file was opened before.
        let contentKey = Self.contentKey(key, encoding: options.encoding)
        let content: TextContent
        let parsedNow: Bool
        if options.useContentCache, let cached = ContentCache(cacheRoot: directories.cache).load(bookKey: contentKey) {
            content = cached
            parsedNow = false
        } else {
            if let style = options.warmLineBreaking { LineBreakWarmUp.start(style) }
            content = try BookLoader.load(path: path, options: BookLoadOptions(encoding: options.encoding, threads: options.parseThreads))
            parsedNow = true
        }
        return BookSession(path: URL(fileURLWithPath: path).standardizedFileURL.path, content: content, key: key,
                           contentKey: contentKey, parsedNow: parsedNow, store: store, directories: directories, options: options)
    }

    /// The book to open when none is named: the last one read, if it still exists.
    public static func lastBook(in store: PositionStore) -> String? {
        store.lastBook().flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
    }

    /// The content cache key of a book file: its content hash, and the encoding when one
    /// was forced (a TXT decoded another way is another book).
    public static func contentKey(_ hash: String, encoding: String?) -> String {
        encoding.map { hash + "-" + $0.lowercased().filter { $0.isLetter || $0.isNumber } } ?? hash
    }

    /// The saved reading position, clamped to the text.
    public var savedPosition: ByteOffset { ByteOffset(min(max(0, state.position.offset), content.bytes.count)) }

    /// The saved bookmarks, clamped to the text.
    public var savedMarks: [Mark] {
        state.bookmarks.map { Mark(offset: ByteOffset(min(max(0, $0.position.offset), content.bytes.count)), label: $0.label) }
    }

    /// The saved jump list (oldest first), clamped to the text.
    public var savedJumps: [ByteOffset] {
        (state.jumps ?? []).map { ByteOffset(min(max(0, $0.offset), content.bytes.count)) }
    }

    /// Saves the reading position, the bookmarks (a bookmark kept from before keeps its
    /// creation time), the jump list and the settings changed inside the reader for this
    /// book (`BookState.settings`; nil keeps the saved ones).
    public func save(position: ByteOffset, marks: [Mark], jumps: [ByteOffset] = [], settings: [String: String]? = nil,
                     now: Date = Date()) throws {
        let created = Dictionary(state.bookmarks.map { ($0.position.offset, $0.created) }, uniquingKeysWith: { a, _ in a })
        var state = self.state
        state.position = SavedPosition(chapter: content.chapterIndex(containing: position) ?? 0, offset: position.rawValue)
        state.bookmarks = marks.map {
            Bookmark(position: SavedPosition(chapter: content.chapterIndex(containing: $0.offset) ?? 0, offset: $0.offset.rawValue),
                     label: $0.label, created: created[$0.offset.rawValue] ?? now.timeIntervalSince1970)
        }
        state.jumps = jumps.isEmpty ? nil : jumps.map {
            SavedPosition(chapter: content.chapterIndex(containing: $0) ?? 0, offset: $0.rawValue)
        }
        if let settings { state.settings = settings.isEmpty ? nil : settings }
        state.updated = now.timeIntervalSince1970
        state.title = content.metadata.title
        try store.save(state)
        loadedState.state = state
    }

    /// Work for after the first frame is on screen: record this book as the last one, keep
    /// the parse in the content cache, fill the layout cache for `options` in the
    /// background. Failures are ignored (caches are an optimisation).
    public func settle(layoutOptions options: LayoutOptions) {
        if let path { try? store.setLastBook(path) }
        storeParsedContent()
        layouts.fillInBackground(options: options)
        if let warmStyle { LineBreakWarmUp.start(warmStyle) }
    }

    /// Stores the parsed book in the content cache when it was parsed now.
    public func storeParsedContent() {
        guard parsedNow, path != nil else { return }
        _ = try? contentCache.store(content, bookKey: contentKey)
    }
}

/// Compiles a line-break style's tables (~10 ms) on another thread, so that the first
/// layout does not wait for them.
public enum LineBreakWarmUp {
    /// Starts compiling `style`'s tables in the background.
    public static func start(_ style: LineBreakStyle) {
        Thread.detachNewThread { _ = LineBreaks.opportunities(in: "a b", style: style) }
    }
}
