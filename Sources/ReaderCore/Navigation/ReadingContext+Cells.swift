import Support
import TextContent
import TextLayout

/// Between screen cells and the book's bytes on the page: what a click hits, and where a
/// hint label goes. Places clusters as `TextPage` does (bidi order, table columns).
extension ReadingContext {
    /// The offset of the cluster drawn at a cell of the screen (zero-based), or nil off
    /// the text.
    func offset(atRow row: Int, column: Int) -> ByteOffset? {
        if isVertical { return verticalOffset(atRow: row, column: column) }
        let visible = visibleLines()
        guard row >= 0, row < visible.count else { return nil }
        let x = column - geometry.textLeft
        var hit: ByteOffset?
        forEachPlacedCluster(of: visible[row].line) { cluster in
            if hit == nil, cluster.width > 0, x >= cluster.column, x < cluster.column + cluster.width {
                hit = cluster.range.lowerBound
            }
        }
        return hit
    }

    /// The screen cell (row, column) where the first cluster of `range` on the page is
    /// drawn (the cluster holding its first byte, or, when it starts above the page, the
    /// first of its clusters on the page); nil when none of it is on the page.
    func cell(of range: ByteRange) -> (row: Int, column: Int)? {
        cells(of: [range])[0]
    }

    /// `cell(of:)` for many ranges, placing each line once. (A line of a table row wrapped
    /// in its columns draws pieces of every cell, so any range is looked for on any line.)
    func cells(of ranges: [ByteRange]) -> [(row: Int, column: Int)?] {
        if isVertical { return ranges.map(verticalCell) }
        var found = [(row: Int, column: Int)?](repeating: nil, count: ranges.count)
        var left = ranges.count
        for (row, entry) in visibleLines().enumerated() where left > 0 {
            var clusters: [(at: ByteOffset, end: ByteOffset, column: Int)] = []
            forEachPlacedCluster(of: entry.line) { c in
                if c.width > 0 { clusters.append((c.range.lowerBound, c.range.upperBound, c.column)) }
            }
            clusters.sort { $0.at < $1.at }
            guard let first = clusters.first?.at, let last = clusters.last?.end else { continue }
            for (i, r) in ranges.enumerated() where found[i] == nil && r.lowerBound < last && r.upperBound > first {
                // The first cluster that ends after the range starts and begins before it ends.
                let k = clusters.partitioningIndex { $0.end > r.lowerBound }
                if k < clusters.count, clusters[k].at < r.upperBound {
                    found[i] = (row, geometry.textLeft + clusters[k].column)
                    left -= 1
                }
            }
        }
        return found
    }

    private func forEachPlacedCluster(of line: Line, _ body: (PlacedCluster) -> Void) {
        TextLayout.forEachCluster(of: line, in: content, options: layouts.options, paragraphs: layouts.bidiParagraphs, body)
    }
}
