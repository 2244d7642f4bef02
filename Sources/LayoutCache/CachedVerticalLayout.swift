import Support
import TextContent
import TextLayout

/// A book's vertical columns loaded from the cache (issue #23): the chapter table and,
/// behind it, each chapter's columns, decoded only when asked for — the vertical twin of
/// `CachedBookLayout`. A value type over immutable bytes: safe to share between threads.
public struct CachedVerticalLayout: Sendable {
    /// What this is a layout of.
    public let key: VerticalLayoutKey
    /// Size of the cache file in bytes.
    public var fileSize: Int { bytes.count }

    let bytes: [UInt8]
    let chapters: [CacheFileFormat.ChapterEntry]
    let digest: String
    /// Where it was read from, so a chapter found damaged later can be removed.
    let origin: CacheFiles.Identity?

    init(key: VerticalLayoutKey, bytes: [UInt8], header: CacheFileFormat.Header, origin: CacheFiles.Identity?) {
        self.key = key
        self.bytes = bytes
        self.chapters = header.chapters
        self.digest = key.digest
        self.origin = origin
    }

    /// Number of chapters.
    public var chapterCount: Int { chapters.count }

    /// Columns in chapter `index` (from the table; no decoding).
    public func columnCount(chapter index: Int) -> Int { chapters[index].lineCount }

    /// The columns of chapter `index` of `content` (the book the file was opened for), or
    /// nil when its blob is damaged (then the file is removed so the next store replaces it).
    public func columns(chapter index: Int, of content: TextContent) -> [VerticalColumn]? {
        guard chapters.indices.contains(index) else { return nil }
        let e = chapters[index]
        let decoded: [VerticalColumn]? = bytes.withUnsafeBytes { raw in
            let blob = UnsafeRawBufferPointer(rebasing: raw[e.blobOffset..<(e.blobOffset + e.blobLength)])
            return try? VerticalColumnsCodec.decode(blob, expectedKey: CacheFileFormat.blobKey(digest: digest, chapter: index),
                                                    range: e.range, of: content)
        }
        guard let columns = decoded, columns.count == e.lineCount else {
            if let origin { CacheFiles.removeIfUnchanged(origin) }
            return nil
        }
        return columns
    }
}
