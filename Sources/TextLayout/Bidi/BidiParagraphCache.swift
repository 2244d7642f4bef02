import TextContent

/// The bidi analysis of recently displayed paragraphs (blocks), so that showing the lines
/// of one paragraph resolves it once, not once a line: without it, a 10 MB paragraph would
/// be decoded and resolved again for each of its lines.
///
/// Keep one cache per `TextContent` (entries are keyed by block position and direction
/// only) and use it from one thread at a time. It holds at most `capacity` paragraphs; when
/// full it starts over.
public final class BidiParagraphCache {
    /// How a paragraph is displayed.
    enum Analysis {
        /// Nothing in it can be right to left: lines are shown in logical order.
        case leftToRight
        /// Its scalars, their byte offsets from the block's start, and their resolved levels.
        case resolved(scalars: [Unicode.Scalar], offsets: [UInt32], result: BidiResult)
    }

    private struct Key: Hashable {
        var blockStart: Int
        var direction: BidiDirection
        var fallbackRightToLeft: Bool
    }

    /// Paragraphs kept before the cache starts over.
    public let capacity: Int
    private var entries: [Key: Analysis] = [:]
    /// How many paragraphs were analysed (misses), for tests and statistics.
    public private(set) var analyses = 0
    /// The columns of the book's tables, for the lines placed with this cache (the same
    /// book, the same thread).
    public let tables = TableColumnCache()

    /// An empty cache of at most `capacity` paragraphs.
    public init(capacity: Int = 64) {
        self.capacity = max(1, capacity)
    }

    /// The analysis of `block`, computed with `compute` on a miss.
    func analysis(of block: Block, direction: BidiDirection, fallbackRightToLeft: Bool,
                  compute: () -> Analysis) -> Analysis {
        let key = Key(blockStart: block.range.lowerBound.rawValue, direction: direction, fallbackRightToLeft: fallbackRightToLeft)
        if let known = entries[key] { return known }
        let analysis = compute()
        analyses += 1
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        entries[key] = analysis
        return analysis
    }
}
