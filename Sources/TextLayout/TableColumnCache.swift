import TextContent

/// The columns of recently displayed tables (`TableColumns`) and their layouts at the
/// widths asked for (`TableGrid`), so that laying out or drawing the rows of a table
/// measures the table, and breaks its cells at one width, once, not once a row.
///
/// Keep one cache per `TextContent` (entries are keyed by block indices only) and use it
/// from one thread at a time. It holds at most `capacity` tables; when full it starts over.
public final class TableColumnCache {
    private struct Entry {
        var rows: Range<Int>
        var columns: TableColumns?
        var grids: [GridKey: TableGrid?] = [:]
    }

    private struct GridKey: Hashable {
        var width: Int
        var style: LineBreakStyle
    }

    /// Layouts (widths) kept for one table before they start over.
    static let gridsPerTable = 4
    /// Tables kept before the cache starts over.
    public let capacity: Int
    private var entries: [Entry] = []
    /// How many tables were measured (misses), for tests and statistics.
    public private(set) var measurements = 0
    /// How many table layouts were made (`grid` misses), for tests and statistics.
    public private(set) var gridLayouts = 0

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

    /// The table block `blockIndex` of `content` is a row of, laid out `width` cells wide
    /// with `options`' line-break style (`TableGrid.make`), made on a miss; nil when the
    /// block is not a row of a table with columns or the columns do not fit.
    public func grid(ofBlockAt blockIndex: Int, in content: TextContent, width: Int, options: LayoutOptions) -> TableGrid? {
        guard let columns = columns(ofBlockAt: blockIndex, in: content),
              let e = entries.lastIndex(where: { $0.rows == columns.rows }) else { return nil }
        let key = GridKey(width: width, style: options.lineBreakStyle)
        if let known = entries[e].grids[key] { return known }
        let grid = TableGrid.make(columns, in: content, width: width, options: options)
        gridLayouts += 1
        if entries[e].grids.count >= Self.gridsPerTable { entries[e].grids.removeAll() }   // resizes: a few widths kept
        entries[e].grids[key] = grid
        return grid
    }
}
