import TextContent

/// The columns of recently displayed tables (`TableColumns`), so that drawing the rows of
/// a table measures the table once, not once a row.
///
/// Keep one cache per `TextContent` (entries are keyed by block indices only) and use it
/// from one thread at a time. It holds at most `capacity` tables; when full it starts over.
public final class TableColumnCache {
    private struct Entry {
        var rows: Range<Int>
        var columns: TableColumns?
    }

    /// Tables kept before the cache starts over.
    public let capacity: Int
    private var entries: [Entry] = []
    /// How many tables were measured (misses), for tests and statistics.
    public private(set) var measurements = 0

    /// An empty cache of at most `capacity` tables.
    public init(capacity: Int = 16) {
        self.capacity = max(1, capacity)
    }

    /// The columns of the table block `blockIndex` of `content` is a row of (see
    /// `TableColumns.of(blockAt:in:)`), measured on a miss.
    public func columns(ofBlockAt blockIndex: Int, in content: TextContent) -> TableColumns? {
        if let known = entries.first(where: { $0.rows.contains(blockIndex) }) { return known.columns }
        guard let rows = TableColumns.rows(aroundBlockAt: blockIndex, in: content) else { return nil }
        let columns = TableColumns.measure(rows: rows, in: content)
        measurements += 1
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        entries.append(Entry(rows: rows, columns: columns))
        return columns
    }
}
