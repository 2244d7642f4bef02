import Support
import TextContent
import TextLayout

/// A book's layout loaded from the cache: the chapter table (ranges and line counts of
/// every chapter) and, behind it, each chapter's lines, decoded only when asked for.
///
/// The whole file sits in memory (one `read`); opening checks the header and the table
/// only, so line counts, percentages and `:42%` jumps are O(log n) binary searches over
/// the table without decoding any chapter. `lines(chapter:)` checks that chapter's own
/// checksum and decodes it (a few milliseconds for a long chapter); it is not memoised —
/// the pager keeps what it decoded (`ChapterLayouts.install`). A value type over
/// immutable bytes: safe to share between threads.
public struct CachedBookLayout: Sendable {
    /// What this is a layout of.
    public let key: LayoutCacheKey
    /// Size of the cache file in bytes.
    public var fileSize: Int { bytes.count }
    /// Lines in the whole book at these options.
    public let totalLineCount: Int
    /// Bytes of text in the whole book (the end of the last chapter).
    public let textByteCount: Int

    let bytes: [UInt8]
    let header: CacheFileFormat.Header
    var chapters: [CacheFileFormat.ChapterEntry] { header.chapters }
    let digest: String
    /// Where it was read from and which inode, so a chapter found damaged later can be removed.
    let origin: CacheFiles.Identity?

    init(key: LayoutCacheKey, bytes: [UInt8], header: CacheFileFormat.Header, origin: CacheFiles.Identity?) {
        self.key = key
        self.bytes = bytes
        self.header = header
        self.totalLineCount = header.totalLines
        self.textByteCount = header.textBytes
        self.digest = key.digest
        self.origin = origin
    }

    /// Number of chapters.
    public var chapterCount: Int { chapters.count }

    /// The text range of chapter `index`.
    public func chapterRange(_ index: Int) -> ByteRange { chapters[index].range }

    /// Lines in chapter `index` (from the table; no decoding).
    public func lineCount(chapter index: Int) -> Int { chapters[index].lineCount }

    /// Book-wide index of the first line of chapter `index` (lines of earlier chapters).
    public func firstLine(chapter index: Int) -> Int { chapters[index].firstLine }

    /// Bytes the chapter's lines take in the file.
    public func encodedSize(chapter index: Int) -> Int { chapters[index].blobLength }

    /// The lines of chapter `index`, or nil when its blob is damaged (then the file is
    /// removed from the cache so the next build replaces it; lay the chapter out instead).
    /// Never returns lines of another book, chapter or option set: the blob's key, range
    /// and checksum are all checked.
    public func lines(chapter index: Int) -> LineCollection? {
        guard chapters.indices.contains(index) else { return nil }
        let e = chapters[index]
        let decoded: LineCollection? = bytes.withUnsafeBytes { raw in
            let blob = UnsafeRawBufferPointer(rebasing: raw[e.blobOffset..<(e.blobOffset + e.blobLength)])
            return try? LineCollectionCodec.decode(blob, expectedKey: CacheFileFormat.blobKey(digest: digest, chapter: index))
        }
        // The blob's options hold no hyphenator (the key names the hyphenation).
        var expected = key.options
        expected.hyphenation = nil
        guard let lines = decoded, lines.range == e.range, lines.count == e.lineCount, lines.options == expected else {
            if let origin { CacheFiles.removeIfUnchanged(origin) }
            return nil
        }
        return key.options.hyphenation == nil ? lines : lines.with(options: key.options)
    }

    /// The chapter whose range contains `offset` (the last chapter for the end of the
    /// text), O(log n). Nil for an empty book.
    public func chapterIndex(containing offset: ByteOffset) -> Int? {
        guard !chapters.isEmpty else { return nil }
        return max(0, chapters.partitioningIndex { $0.range.lowerBound > offset } - 1)
    }

    /// The (chapter, line within chapter) of book-wide line `globalLine`, clamped to the
    /// book, O(log n). Nil when the book has no lines.
    public func location(ofGlobalLine globalLine: Int) -> (chapter: Int, line: Int)? {
        guard totalLineCount > 0 else { return nil }
        let g = min(max(0, globalLine), totalLineCount - 1)
        // The last chapter whose first line is ≤ g; the next one starts after g, so g
        // falls inside it (empty chapters before it share its first line and are skipped).
        let c = chapters.partitioningIndex { $0.firstLine > g } - 1
        return (c, g - chapters[c].firstLine)
    }

    /// Book-wide line index of a line of a chapter.
    public func globalLine(chapter: Int, line: Int) -> Int { chapters[chapter].firstLine + line }

    /// How far through the book a line is, 0…1 (line-based: the share of the book's lines
    /// before it at this width).
    public func fraction(chapter: Int, line: Int) -> Double {
        guard totalLineCount > 0 else { return 0 }
        return Double(globalLine(chapter: chapter, line: line)) / Double(totalLineCount)
    }

    /// The line at a fraction 0…1 of the book (`:42%` is `location(atFraction: 0.42)`).
    public func location(atFraction fraction: Double) -> (chapter: Int, line: Int)? {
        let f = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        return location(ofGlobalLine: Int((f * Double(totalLineCount)).rounded(.down)))
    }

    /// Whether the chapter table matches a book's chapters (same count and ranges).
    public func matches(chapterRanges: [ByteRange]) -> Bool { header.matches(chapterRanges: chapterRanges) }
}
