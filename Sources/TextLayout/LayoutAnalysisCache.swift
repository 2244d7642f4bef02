import TextContent

/// An in-memory cache of block analyses (`BlockAnalysis`) for one book, so that laying a
/// range out again at another width — a terminal resize — fits cached segments instead of
/// analysing the text again (`TextLayout.layout(_:range:options:analyses:)`).
///
/// Keyed by the block slice's byte range, the line-break style and whether the block is
/// preformatted: all an analysis depends on besides the book's bytes. Width, indents,
/// paragraph spacing, justification and tab width are applied when fitting (slices with
/// tabs are fitted exactly, so the tab width is not part of the key either).
///
/// Memory is bounded by `byteLimit` (default `defaultByteLimit`, 64 MiB: analyses take
/// 12 bytes a segment plus ~100 bytes a slice, 8.1 MB for the whole of War and Peace's
/// 3.3 MB of text, 9.6 MB for the 2.5 MB of 水浒传 — so the default holds several
/// novels, and far more than the chapters a reader re-fits on a resize): when an
/// insertion passes the limit, the least recently used analyses are dropped until the
/// total is at most three quarters of it. An analysis larger than the limit by itself is
/// used but not kept.
///
/// A cache serves one `TextContent`: given another (other byte storage or size), it empties
/// itself first.
///
/// **Not thread-safe**: it is a mutable class without locks and not `Sendable`; use it
/// from one thread (or behind the caller's own lock). The analyses it hands out are
/// values (`Sendable`) and may be used anywhere.
public final class LayoutAnalysisCache {
    /// The default memory bound: 64 MiB.
    public static let defaultByteLimit = 64 << 20

    /// The memory bound in bytes.
    public let byteLimit: Int
    /// Memory held by the cached analyses, in bytes (`BlockAnalysis.byteCount`).
    public private(set) var byteCount = 0
    /// Lookups answered from the cache, and analyses made, since creation.
    public private(set) var hits = 0, misses = 0

    struct Key: Hashable {
        var lower: Int
        var upper: Int
        var style: LineBreakStyle
        var preformatted: Bool
        var ruby: RubyMode

        /// One word hashed instead of four (lookups are per block): offsets are below 2³¹.
        func hash(into hasher: inout Hasher) {
            let bits = (style == .strict ? 0 : style == .normal ? 1 : 2) | (preformatted ? 4 : 0) | Int(ruby.rawValue) << 3
            hasher.combine(UInt64(truncatingIfNeeded: lower) << 32 ^ UInt64(truncatingIfNeeded: upper) << 3
                           ^ UInt64(bits))
        }
    }

    /// A cached analysis; a class, so a hit updates `lastUse` without writing to the
    /// dictionary or copying the analysis out of it.
    final class Entry {
        let analysis: BlockAnalysis
        var lastUse: UInt64

        init(analysis: BlockAnalysis, lastUse: UInt64) {
            self.analysis = analysis
            self.lastUse = lastUse
        }
    }

    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    /// The book the analyses belong to: its bytes' address, byte count and block count.
    private var book: (address: UInt, bytes: Int, blocks: Int)?

    /// An empty cache holding at most about `byteLimit` bytes of analyses.
    public init(byteLimit: Int = LayoutAnalysisCache.defaultByteLimit) {
        self.byteLimit = max(0, byteLimit)
    }

    /// Number of cached block analyses.
    public var count: Int { entries.count }

    /// Drops every analysis.
    public func removeAll() {
        entries.removeAll()
        byteCount = 0
    }

    /// Empties the cache if it held analyses of another book.
    func prepare(for content: TextContent) {
        let address = content.bytes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let identity = (address: address, bytes: content.bytes.count, blocks: content.blocks.count)
        if let book, book == identity { return }
        removeAll()
        book = identity
    }

    /// The analysis of `slice` of `block`, from the cache or made by `make` and stored.
    func analysis(of block: Block, slice: ByteRange, style: LineBreakStyle, ruby: RubyMode = .off,
                  make: () -> BlockAnalysis) -> BlockAnalysis {
        clock &+= 1
        let key = Key(lower: slice.lowerBound.rawValue, upper: slice.upperBound.rawValue, style: style,
                      preformatted: block.kind == .preformatted, ruby: ruby)
        if let entry = entries[key] {
            hits += 1
            entry.lastUse = clock
            return entry.analysis
        }
        misses += 1
        let made = make()
        let size = made.byteCount
        guard size <= byteLimit else { return made }
        entries[key] = Entry(analysis: made, lastUse: clock)
        byteCount += size
        if byteCount > byteLimit { evict(downTo: byteLimit / 4 * 3) }
        return made
    }

    /// Drops the least recently used analyses until at most `target` bytes are held.
    private func evict(downTo target: Int) {
        let byAge = entries.sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, entry) in byAge {
            if byteCount <= target { break }
            entries[key] = nil
            byteCount -= entry.analysis.byteCount
        }
    }
}
