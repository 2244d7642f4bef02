import TextContent
import TextLayout

/// Between screen cells and the book's bytes on the page: what a click hits, and where a
/// hint label goes. Places clusters as `TextPage` does (bidi order, table columns).
extension ReadingContext {
    /// The offset of the cluster drawn at a cell of the screen (zero-based), or nil off
    /// the text.
    func offset(atRow row: Int, column: Int) -> ByteOffset? {
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

    /// The screen cell (row, column) where the cluster holding `offset` is drawn, or, when
    /// the bytes from `offset` start above the page, where the first of them on the page
    /// is; nil when none of `range` is on the page.
    func cell(of range: ByteRange) -> (row: Int, column: Int)? {
        let visible = visibleLines()
        for (row, entry) in visible.enumerated() where entry.line.range.upperBound > range.lowerBound {
            guard entry.line.start < range.upperBound else { return nil }
            var best: (offset: ByteOffset, column: Int)?
            forEachPlacedCluster(of: entry.line) { cluster in
                let at = cluster.range.lowerBound
                guard cluster.width > 0, at >= range.lowerBound || cluster.range.contains(range.lowerBound),
                      at < range.upperBound else { return }
                if best == nil || at < best!.offset { best = (at, cluster.column) }
            }
            if let best { return (row, geometry.textLeft + best.column) }
        }
        return nil
    }

    private func forEachPlacedCluster(of line: Line, _ body: (PlacedCluster) -> Void) {
        TextLayout.forEachCluster(of: line, in: content, options: layouts.options, paragraphs: layouts.bidiParagraphs, body)
    }
}
