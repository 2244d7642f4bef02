import BookFormats
import LayoutCache
import ReaderCore
import ReaderState
import Storage
import Support
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
    /// Whether a big EPUB not in the content cache may open from the saved place's
    /// documents, the rest parsed in the background (`BookSession.partial`, issue #20):
    /// the pager's choice when no jump was asked for.
    public var opensPartially = false
    /// Markup (the spine's uncompressed sizes) from which opening partially pays.
    public var partialMinimumBytes = 256 << 10

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
    /// When the book was opened from one place only: the documents parsed so far (they are
    /// `content`); `completion` brings the whole book. Nil for a whole book.
    public let partial: PartialBook?
    /// The whole book's parse, running on another thread, for a partial session.
    public let completion: BookCompletion?
    /// Where a partial session opens: the saved place's document place (nil: the start).
    let partialStart: DocumentPlace?
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
    lazy var loadedState: (state: BookState, warning: String?) = loadState()
    /// The state as the store gave it when `open` had to read it already (reading it again
    /// would lose a "set aside" warning: the store moves a damaged file away when it reads it).
    private let preloaded: StateStore.LoadResult?
    /// The content cache writes `settle` started.
    private let storing = BackgroundWork()

    /// The folders and options the session was opened with (a partial session's whole
    /// book opens with the same).
    let directories: XDGDirectories
    let options: BookOpenOptions

    init(path: String?, content: TextContent, key: String, contentKey: String, parsedNow: Bool,
         store: PositionStore, directories: XDGDirectories, options: BookOpenOptions,
         loaded: StateStore.LoadResult? = nil, partial: (book: PartialBook, start: DocumentPlace?)? = nil,
         wholeParse: (@Sendable () throws -> TextContent)? = nil) {
        preloaded = loaded
        self.path = path
        self.content = content
        self.key = key
        self.contentKey = contentKey
        self.parsedNow = parsedNow
        self.store = store
        self.directories = directories
        self.options = options
        self.partial = partial?.book
        partialStart = partial?.start
        // `wholeParse` replaces the whole book's parse (tests hold it back).
        completion = partial.map { p in
            BookCompletion(wholeParse ?? { [threads = options.parseThreads] in try p.book.readWhole(threads: threads) })
        }
        contentCache = ContentCache(cacheRoot: directories.cache)
        layouts = LayoutProvider(cacheRoot: directories.cache, maxBytes: options.layoutCacheBytes, bookKey: key, content: content)
        warmStyle = parsedNow ? nil : options.warmLineBreaking
    }

    private func loadState() -> (state: BookState, warning: String?) {
        var state = BookState(key: key, lastPath: path ?? "", title: content.metadata.title)
        var warning: String?
        switch preloaded ?? store.load(key: key) {
        case .found(let saved): state = saved
        case .recovered(let w): warning = w
        case .none:
            if let path, !isPartial, let earlier = store.latestState(lastPath: path, otherThan: key) {
                (state, warning) = carriedOver(earlier, path: path)
            }
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
        guard let key = ContentKeyMemo(cacheRoot: directories.cache).key(ofFile: path) else {
            _ = try BookLoader.load(path: path, options: BookLoadOptions(encoding: options.encoding))  // says why
            throw BookError.unreadable(path: path, reason: "cannot read")
        }
        // The parsed book comes from the content cache when this file was opened before.
        let contentKey = Self.contentKey(key, encoding: options.encoding)
        let content: TextContent
        let parsedNow: Bool
        var saved: StateStore.LoadResult?
        let standardPath = FilePath.standardized(path)
        if options.useContentCache, let cached = ContentCache(cacheRoot: directories.cache).load(bookKey: contentKey) {
            content = cached
            parsedNow = false
        } else {
            if let style = options.warmLineBreaking { LineBreakWarmUp.start(style) }
            // A partial open needs the saved place now; the session keeps what was read.
            saved = options.opensPartially ? store.load(key: key) : nil
            if let saved, let (partial, start) = openPartially(path, saved: saved, options: options) {
                return BookSession(path: standardPath, content: partial.content, key: key, contentKey: contentKey, parsedNow: true,
                                   store: store, directories: directories, options: options, loaded: saved, partial: (partial, start))
            }
            content = try BookLoader.load(path: path, options: BookLoadOptions(encoding: options.encoding, threads: options.parseThreads))
            parsedNow = true
        }
        return BookSession(path: standardPath, content: content, key: key, contentKey: contentKey, parsedNow: parsedNow,
                           store: store, directories: directories, options: options, loaded: saved)
    }

    /// The book to open when none is named: the last one read, if it still exists.
    public static func lastBook(in store: PositionStore) -> String? {
        store.lastBook().flatMap { FileSystem.exists($0) ? $0 : nil }
    }

    /// The content cache key of a book file: its content hash, and the encoding when one
    /// was forced (a TXT decoded another way is another book).
    public static func contentKey(_ hash: String, encoding: String?) -> String {
        encoding.map { hash + "-" + $0.lowercased().filter { $0.isLetter || $0.isNumber } } ?? hash
    }

    /// The saved reading position, clamped to the text: at its document place when it
    /// has one that is in the text (always for a partial session), else at its offset.
    public var savedPosition: ByteOffset {
        if partial != nil { return partialStart.flatMap { content.offset(of: $0) } ?? .zero }
        let saved = state.position
        if let source = saved.document, let place = content.offset(of: DocumentPlace(source: source, offset: saved.documentOffset ?? 0)) {
            return place
        }
        return ByteOffset(min(max(0, saved.offset), content.bytes.count))
    }

    /// The saved bookmarks, clamped to the text (none in a partial session: they come
    /// with the whole book).
    public var savedMarks: [Mark] {
        guard partial == nil else { return [] }
        return state.bookmarks.map { Mark(offset: ByteOffset(min(max(0, $0.position.offset), content.bytes.count)), label: $0.label) }
    }

    /// The saved jump list (oldest first), clamped to the text (none in a partial session).
    public var savedJumps: [ByteOffset] {
        guard partial == nil else { return [] }
        return (state.jumps ?? []).map { ByteOffset(min(max(0, $0.offset), content.bytes.count)) }
    }

    /// Saves the reading position, the bookmarks (a bookmark kept from before keeps its
    /// creation time), the jump list and the settings changed inside the reader for this
    /// book (`BookState.settings`; nil keeps the saved ones), dated `now` (seconds since 1970).
    public func save(position: ByteOffset, marks: [Mark], jumps: [ByteOffset] = [], settings: [String: String]? = nil,
                     now: Double = WallClock.now()) throws {
        if partial != nil { return try savePartial(position: position, settings: settings, now: now) }
        let created = Dictionary(state.bookmarks.map { ($0.position.offset, $0.created) }, uniquingKeysWith: { a, _ in a })
        var state = self.state
        let place = content.documentPlace(of: position)
        state.position = SavedPosition(chapter: content.chapterIndex(containing: position) ?? 0, offset: position.rawValue,
                                       document: place?.source, documentOffset: place?.offset)
        state.bookmarks = marks.map {
            Bookmark(position: SavedPosition(chapter: content.chapterIndex(containing: $0.offset) ?? 0, offset: $0.offset.rawValue),
                     label: $0.label, created: created[$0.offset.rawValue] ?? now)
        }
        state.jumps = jumps.isEmpty ? nil : jumps.map {
            SavedPosition(chapter: content.chapterIndex(containing: $0) ?? 0, offset: $0.rawValue)
        }
        if let settings { state.settings = settings.isEmpty ? nil : settings }
        state.updated = now
        state.title = content.metadata.title
        try store.save(state)
        loadedState.state = state
    }

    /// Work for after the first frame is on screen: record this book as the last one, keep
    /// the parse in the content cache (on another thread: encoding and writing a big book
    /// takes tens of ms, which a key pressed meanwhile would wait for; `finishStoring()`
    /// waits for it), fill the layout cache for `options` in the background. Failures are
    /// ignored (caches are an optimisation).
    public func settle(layoutOptions options: LayoutOptions) {
        if let path { try? store.setLastBook(path) }
        guard partial == nil else { return }
        if storesParse {
            storing.enter()
            Threads.detach { [self] in
                storeParsedContent()
                FreedMemory.release()   // the encoded pieces, in this thread's arena
                storing.leave()
            }
        }
        layouts.fillInBackground(options: options)
        if let warmStyle { LineBreakWarmUp.start(warmStyle) }
    }

    /// Fills the layout cache with the book's vertical columns at `height` rows (with or
    /// without readings) in the background, once per size; nothing for a partial session.
    public func settleVertical(height: Int, readings: Bool) {
        guard partial == nil else { return }
        layouts.fillVerticalInBackground(height: height, readings: readings)
    }

    /// Waits until the parse `settle` stores is written (the reader does before exiting,
    /// so that quitting right after opening a book still caches it).
    public func finishStoring() {
        storing.wait()
    }

    /// Replaces the state read from the store by `state` (just saved).
    func replaceLoadedState(_ state: BookState) {
        loadedState.state = state
    }

    /// Whether the content cache should get this session's content: a whole book (not the
    /// sample) parsed now.
    private var storesParse: Bool { parsedNow && partial == nil && path != nil }

    /// Stores the parsed book in the content cache when it was parsed now.
    public func storeParsedContent() {
        guard storesParse else { return }
        _ = try? contentCache.store(content, bookKey: contentKey)
    }
}

/// Compiles a line-break style's tables (~10 ms) on another thread, so that the first
/// layout does not wait for them.
public enum LineBreakWarmUp {
    /// Starts compiling `style`'s tables in the background.
    public static func start(_ style: LineBreakStyle) {
        Threads.detach { _ = LineBreaks.opportunities(in: "a b", style: style) }
    }
}
