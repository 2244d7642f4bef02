import Support
import TextContent
import TextLayout

extension LayoutCache {
    /// The path of the file for `key`.
    public func path(for key: VerticalLayoutKey) -> String { folder + "/" + key.fileName }

    /// The cached vertical columns for `key` of `content`, or nil on a miss. As for lines, a
    /// damaged, foreign or stale file (other text, other chapters) is a miss and is removed;
    /// a successful open marks the file as used.
    public func openVertical(_ key: VerticalLayoutKey, content: TextContent) -> CachedVerticalLayout? {
        guard let (bytes, header, origin) = openFile(path: path(for: key), identity: key.identity,
                                                     content: content) else { return nil }
        return CachedVerticalLayout(key: key, bytes: bytes, header: header, origin: origin)
    }

    /// Stores the columns of every chapter of `content` (`chapters[i]` is chapter i's, as
    /// `VerticalPages` sets them) atomically, then evicts least-recently-used files beyond
    /// the size limit (never this one).
    @discardableResult
    public func storeVertical(_ key: VerticalLayoutKey, content: TextContent, chapters: [[VerticalColumn]]) throws -> StoreResult {
        guard chapters.count == content.chapters.count else {
            throw LayoutCacheError.inconsistentChapters("they are not the book's chapters")
        }
        return try storeVertical(key, content: content) { chapters[$0] }
    }

    /// `storeVertical(_:content:chapters:)` with each chapter's columns made by
    /// `columns(i)` only when its blob is written, and dropped after: the whole book's
    /// columns (some 50 bytes a cell) are never held at once, only their encoding (1–2).
    @discardableResult
    public func storeVertical(_ key: VerticalLayoutKey, content: TextContent,
                              columns: (Int) -> [VerticalColumn]) throws -> StoreResult {
        guard content.bytes.count <= Int(UInt32.max) else {
            throw LayoutCacheError.inconsistentChapters("text larger than 4 GiB")
        }
        let digest = key.digest
        var total = 0
        let bytes = CacheFileFormat.encode(identity: key.identity, textDigest: LayoutCache.textDigest(of: content),
                                           ranges: content.chapters.map(\.range), capacity: content.bytes.count) { i, w in
            let chapter = columns(i)
            VerticalColumnsCodec.encode(chapter, range: content.chapters[i].range, of: content,
                                        key: CacheFileFormat.blobKey(digest: digest, chapter: i), into: &w)
            total += chapter.count
            return chapter.count
        }
        try CacheFiles.writeAtomically(bytes, folder: folder, name: key.fileName)
        let evicted = evict(protecting: key.fileName)
        return StoreResult(path: path(for: key), bytes: bytes.count, lines: total, evicted: evicted)
    }
}
