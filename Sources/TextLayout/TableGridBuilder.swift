import TextContent
import Support

/// Builds a `TableGrid`: splits the rows into cells, measures their longest words, breaks
/// each cell into pieces at its column's width and lays out each row's lines.
struct TableGridBuilder {
    let content: TextContent
    let options: LayoutOptions
    let rows: Range<Int>
    let columnCount: Int
    /// Each row's cells, as book offsets (without the separators and the row's trailing spaces).
    private(set) var cells: [[ByteRange]] = []
    /// Each row's separator bars.
    private(set) var bars: [[ByteOffset]] = []

    init(content: TextContent, options: LayoutOptions, rows: Range<Int>, columnCount: Int) {
        self.content = content
        self.options = options
        self.rows = rows
        self.columnCount = columnCount
    }

    /// Splits every row into its cells (as `TableColumns.cellWidths` does: a separator
    /// " | " starts at a cluster boundary); false if a row has another number of cells.
    mutating func splitCells() -> Bool {
        content.bytes.withUnsafeBufferPointer { all in
            for index in rows {
                let range = content.blocks[index].range
                var end = range.upperBound.rawValue
                while end > range.lowerBound.rawValue && all[end - 1] == 0x20 { end -= 1 }
                let base = range.lowerBound.rawValue
                let visible = UnsafeBufferPointer(rebasing: all[base..<end])
                var rowCells: [ByteRange] = []
                var rowBars: [ByteOffset] = []
                var cursor = GraphemeCursor(visible)
                var position = 0
                var skipUntil = 0
                var cellStart: Int? = nil
                while let (clusterEnd, _) = cursor.next() {
                    if position >= skipUntil {
                        if cellStart == nil { cellStart = position }
                        if TableColumns.isSeparator(at: position, in: visible) {
                            rowCells.append(ByteRange(base + cellStart!, base + position))
                            rowBars.append(ByteOffset(base + position + 1))
                            cellStart = nil
                            skipUntil = position + TableColumns.separatorWidth
                        }
                    }
                    position = clusterEnd
                }
                rowCells.append(ByteRange(base + (cellStart ?? visible.count), end))
                guard rowCells.count == columnCount else { return false }
                cells.append(rowCells)
                bars.append(rowBars)
            }
            return true
        }
    }

    /// Each column's longest unbreakable word (without its trailing spaces), in cells.
    func longestWords() -> [Int] {
        var words = [Int](repeating: 0, count: columnCount)
        var breaks: [Int] = []
        content.bytes.withUnsafeBufferPointer { all in
            for row in cells {
                for (c, cell) in row.enumerated() where !cell.isEmpty {
                    let text = UnsafeBufferPointer(rebasing: all[cell.intRange])
                    words[c] = max(words[c], Self.longestWord(text, style: options.lineBreakStyle, breaks: &breaks))
                }
            }
        }
        return words
    }

    /// The widest run of `text` between two line-break opportunities, trailing spaces left out.
    static func longestWord(_ text: UnsafeBufferPointer<UInt8>, style: LineBreakStyle, breaks: inout [Int]) -> Int {
        LineFitter.collectBreaks(text, preformatted: false, style: style, into: &breaks)
        var cursor = GraphemeCursor(text)
        var next = 0, position = 0
        var segment = 0, visible = 0, longest = 0
        while let (end, width) = cursor.next() {
            var ended = false
            while next < breaks.count && breaks[next] >> 1 <= position { next += 1; ended = true }
            if ended {
                longest = max(longest, visible)
                segment = 0
                visible = 0
            }
            segment += width
            if !(end - position == 1 && text[position] == 0x20) { visible = segment }
            position = end
        }
        return max(longest, visible)
    }

    /// The pieces of `cell` at `width` cells: the lines the engine breaks it into (the
    /// whole cell when the table is not wrapped).
    func pieces(of cell: ByteRange, width: Int, wraps: Bool) -> [TableGrid.Piece] {
        guard !cell.isEmpty else { return [] }
        guard wraps else { return [TableGrid.Piece(range: cell)] }
        var cellOptions = options
        cellOptions.width = width
        var fitter = LineFitter(options: cellOptions)
        var lines = LineCollection(options: cellOptions, range: cell)
        let block = content.blocks[content.blockIndex(atOrAfter: cell.lowerBound)]
        content.bytes.withUnsafeBufferPointer { all in
            fitter.fit(UnsafeBufferPointer(rebasing: all[cell.intRange]), base: cell.lowerBound.rawValue,
                       block: block, continuesBlock: false, into: &lines)
        }
        return lines.lines.map { TableGrid.Piece(range: $0.range) }
    }

    /// Row `row` (an index into `cells`) laid out on `grid`'s columns, or nil if its lines
    /// cannot each hold the clusters they draw (never expected: see `TableGrid`).
    func layoutRow(_ row: Int, grid: TableGrid) -> TableGrid.Row? {
        let cellPieces = cells[row].enumerated().map { pieces(of: $1, width: grid.widths[$0], wraps: grid.wraps) }
        let lineCount = max(1, cellPieces.map(\.count).max() ?? 1)
        // What each line draws: non-blank clusters (cells; bars on the first) and its extent.
        var drawn = [Int](repeating: 0, count: lineCount)
        var extents = [Int](repeating: 0, count: lineCount)
        var anchors = [Int](repeating: Int.min, count: lineCount)
        content.bytes.withUnsafeBufferPointer { all in
            for (c, pieces) in cellPieces.enumerated() {
                for (k, piece) in pieces.enumerated() {
                    let (clusters, width) = TableGridPlacement.measure(UnsafeBufferPointer(rebasing: all[piece.range.intRange]))
                    drawn[k] += clusters
                    if width > 0 { extents[k] = max(extents[k], grid.start(ofColumn: c) + width) }
                    anchors[k] = max(anchors[k], piece.range.lowerBound.rawValue)   // the last cell's
                }
            }
        }
        let rowRange = content.blocks[rows.lowerBound + row].range
        anchors[0] = rowRange.lowerBound.rawValue
        // The first line draws the separators (through the last one's trailing space).
        let separators = columnCount - 1
        drawn[0] += separators
        if separators > 0 { extents[0] = max(extents[0], grid.start(ofColumn: separators)) }
        let boundaries = content.bytes.withUnsafeBufferPointer { all in
            Self.clusterBoundaries(of: UnsafeBufferPointer(rebasing: all[rowRange.intRange]), base: rowRange.lowerBound.rawValue)
        }
        guard let starts = Self.partition(boundaries, anchors: anchors, needs: drawn) else { return nil }
        return TableGrid.Row(cells: cellPieces, bars: bars[row], starts: starts.map { ByteOffset($0) }, widths: extents)
    }

    /// The grapheme-cluster boundaries of `text` (at book offset `base`), its start and end included.
    static func clusterBoundaries(of text: UnsafeBufferPointer<UInt8>, base: Int) -> [Int] {
        var cursor = GraphemeCursor(text)
        var boundaries = [base]
        while let (end, _) = cursor.next() { boundaries.append(base + end) }
        return boundaries
    }

    /// Line starts among `boundaries` (a row's cluster boundaries, its start first and its
    /// end last): strictly increasing, the first at the row's start, each as near its
    /// anchor as the lines' needs allow (line k holds at least `needs[k]` bytes, and at
    /// least one); nil if the row is too short.
    static func partition(_ boundaries: [Int], anchors: [Int], needs: [Int]) -> [Int]? {
        guard let first = boundaries.first, let end = boundaries.last else { return nil }
        let sizes = needs.map { max(1, $0) }
        // The last boundary at or before `offset`, and the first at or after it.
        func floor(_ offset: Int) -> Int? {
            let i = boundaries.partitioningIndex { $0 > offset }
            return i > 0 ? boundaries[i - 1] : nil
        }
        func ceiling(_ offset: Int) -> Int {
            let i = boundaries.partitioningIndex { $0 >= offset }
            return i < boundaries.count ? boundaries[i] : end
        }
        // Backwards: the latest each line may start and leave the lines after it room.
        var latest = [Int](repeating: 0, count: sizes.count)
        var limit = end
        for k in sizes.indices.reversed() {
            guard let start = floor(limit - sizes[k]), start >= first else { return nil }
            latest[k] = start
            limit = start
        }
        // Forwards: each line at its anchor, or as soon after the line before as it may.
        var starts = [first]
        var earliest = first + sizes[0]
        for k in sizes.indices.dropFirst() {
            let start = min(latest[k], ceiling(max(anchors[k], earliest)))
            starts.append(start)
            earliest = start + sizes[k]
        }
        return starts
    }
}
