import TextContent

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
        var anchors = [Int](repeating: Int.max, count: lineCount)
        content.bytes.withUnsafeBufferPointer { all in
            for (c, pieces) in cellPieces.enumerated() {
                for (k, piece) in pieces.enumerated() {
                    let (clusters, width) = TableGridPlacement.measure(UnsafeBufferPointer(rebasing: all[piece.range.intRange]))
                    drawn[k] += clusters
                    if width > 0 { extents[k] = max(extents[k], grid.start(ofColumn: c) + width) }
                    anchors[k] = min(anchors[k], piece.range.lowerBound.rawValue)
                }
            }
        }
        let rowRange = content.blocks[rows.lowerBound + row].range
        anchors[0] = rowRange.lowerBound.rawValue
        let separators = columnCount - 1
        let barExtent = separators > 0 ? grid.start(ofColumn: separators - 1) + grid.widths[separators - 1] + 2 : 0
        drawn[0] += separators
        guard let starts = Self.partition(rowRange, anchors: anchors, needs: drawn) else { return nil }
        extents[0] = max(extents[0], barExtent)
        return TableGrid.Row(cells: cellPieces, bars: bars[row], starts: starts.map { ByteOffset($0) }, widths: extents)
    }

    /// Line starts in `range`: strictly increasing, the first at its start, each as near
    /// its anchor as the lines' needs allow (line k holds at least `needs[k]` bytes, and
    /// at least one); nil if the range is too short.
    static func partition(_ range: ByteRange, anchors: [Int], needs: [Int]) -> [Int]? {
        let sizes = needs.map { max(1, $0) }
        var suffix = sizes.reduce(0, +)
        guard suffix <= range.count else { return nil }
        var starts: [Int] = []
        var earliest = range.lowerBound.rawValue
        for k in sizes.indices {
            let start = min(max(anchors[k], earliest), range.upperBound.rawValue - suffix)
            starts.append(start)
            earliest = start + sizes[k]
            suffix -= sizes[k]
        }
        return starts
    }
}
