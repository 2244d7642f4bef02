import LayoutCache
import Support
import TextContent
import TextLayout

/// A book's layouts on disk: chapters are read from the layout-cache file of the current
/// options when there is one, and a missing file is filled by laying out the whole book on
/// a background thread. `BookSession` makes one per book; the pager's `ChapterLayouts`
/// asks it before laying a chapter out (during update, never while drawing).
public final class LayoutProvider: @unchecked Sendable {
    /// The on-disk cache.
    public let cache: LayoutCache
    /// The book's content hash.
    public let bookKey: String
    /// The book.
    public let content: TextContent
    private var opened: [LayoutOptions: CachedBookLayout?] = [:]
    private let lock = Lock()
    private var filling: Set<LayoutOptions> = []
    private var openedVertical: [VerticalSize: CachedVerticalLayout?] = [:]
    private var fillingVertical: Set<VerticalSize> = []
    /// `structureDigest` of the book, computed on the first vertical use.
    private var structure: UInt64?

    /// A column height and the readings setting: what vertical columns are laid out for.
    struct VerticalSize: Hashable {
        var height: Int
        var readings: Bool
    }

    /// A provider over the layout cache in `cacheRoot` with a size limit of `maxBytes`.
    public init(cacheRoot: String, maxBytes: Int = LayoutCache.defaultMaxBytes, bookKey: String, content: TextContent) {
        cache = LayoutCache(cacheRoot: cacheRoot, maxBytes: maxBytes)
        self.bookKey = bookKey
        self.content = content
    }

    /// The cached book layout for `options`, opened once (nil when there is none).
    public func layout(for options: LayoutOptions) -> CachedBookLayout? {
        lock.lock(); defer { lock.unlock() }
        if let known = opened[options] { return known }
        let found = cache.open(bookKey: bookKey, options: options, content: content)
        opened[options] = found
        return found
    }

    /// The lines of one chapter from the cache, or nil.
    public func lines(options: LayoutOptions, chapter: Int) -> LineCollection? {
        layout(for: options)?.lines(chapter: chapter)
    }

    /// Lays out the whole book for `options` and stores it, on a background thread, when
    /// the cache has no file for them yet, after giving the memory freed so far back to the
    /// system (`FreedMemory`; called after the first frame, which it would slow). Errors are
    /// ignored: the cache is an optimisation.
    /// (Looking for the file happens on that thread too: opening a big book's file checks
    /// its text digest, milliseconds that a key should not wait for.)
    public func fillInBackground(options: LayoutOptions) {
        lock.lock()
        let started = filling.insert(options).inserted
        lock.unlock()
        guard started else { return }
        let cache = self.cache, bookKey = self.bookKey, content = self.content
        Threads.detach { [self] in
            guard layout(for: options) == nil else { return }
            // What the open's threads freed (the parse's second thread, the hyphenation
            // patterns' loading) goes back first: this thread's arena may be one of theirs,
            // and the layout's peak would stand on it.
            FreedMemory.release()
            _ = try? cache.store(bookKey: bookKey, options: options, layingOut: content)
        }
    }

    /// Stores layouts computed elsewhere (e.g. by `dump` for the whole book).
    public func store(options: LayoutOptions, chapters: [LineCollection]) {
        _ = try? cache.store(bookKey: bookKey, options: options, content: content, chapters: chapters)
    }

    // MARK: Vertical text

    /// The key of the vertical columns at `size` (the structure digest computed once).
    private func verticalKey(_ size: VerticalSize) -> VerticalLayoutKey {
        lock.lock()
        defer { lock.unlock() }
        if structure == nil { structure = VerticalLayoutKey.structureDigest(of: content) }
        return VerticalLayoutKey(bookKey: bookKey, height: size.height, readings: size.readings, structure: structure!)
    }

    /// The cached vertical columns at `height` rows with or without readings, opened once
    /// (nil when there are none).
    public func verticalLayout(height: Int, readings: Bool) -> CachedVerticalLayout? {
        let size = VerticalSize(height: height, readings: readings)
        lock.lock()
        if let known = openedVertical[size] { lock.unlock(); return known }
        lock.unlock()
        let found = cache.openVertical(verticalKey(size), content: content)
        lock.lock(); defer { lock.unlock() }
        openedVertical[size] = found
        return found
    }

    /// Chapter `chapter`'s vertical columns from the cache, or nil.
    public func columns(height: Int, readings: Bool, chapter: Int) -> [VerticalColumn]? {
        verticalLayout(height: height, readings: readings)?.columns(chapter: chapter, of: content)
    }

    /// Sets the whole book in vertical columns at `height` rows and stores them, on a
    /// background thread, when the cache has no file for them yet (once per size).
    public func fillVerticalInBackground(height: Int, readings: Bool) {
        let size = VerticalSize(height: height, readings: readings)
        lock.lock()
        let started = fillingVertical.insert(size).inserted
        lock.unlock()
        guard started else { return }
        Threads.detach { [self] in
            guard verticalLayout(height: height, readings: readings) == nil else { return }
            _ = try? cache.storeVertical(verticalKey(size), content: content) { [content] chapter in
                VerticalBookBuilder.columns(ofChapter: chapter, in: content, height: height, readings: readings)
            }
        }
    }
}
