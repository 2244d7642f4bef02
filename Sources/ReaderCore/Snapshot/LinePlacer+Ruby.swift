import Screen
import TextContent
import TextLayout

extension LinePlacer {
    /// The ruby row `row` over `base` (the line after it): its readings dimmed, its
    /// emphasis marks, those over text not yet revealed left out.
    func placeRubyRow(_ row: Line, over base: Line?, revealed: ByteOffset = ByteOffset(Int.max)) -> PageLine {
        guard let base else { return PageLine(start: row.start, kind: row.kind) }
        var reading = InlineStyles()
        reading.append(.reading)
        let clusters = TextLayout.rubyRow(over: base, in: content, options: options, paragraphs: paragraphs)
            .filter { $0.offset < revealed }
            .map { PageCluster(grapheme: PackedGrapheme($0.text), column: $0.column, width: $0.width,
                               styles: $0.isMark ? InlineStyles() : reading) }
        return PageLine(start: row.start, kind: row.kind, clusters: clusters)
    }

    /// A cluster's inline styles: a reading's own, or the runs' and the emphasis marks'.
    func styles(of cluster: PlacedCluster, runs: [StyleRun]) -> InlineStyles {
        var styles = InlineStyles()
        if cluster.isReading {
            styles.append(.reading)
            return styles
        }
        styles = InlineStyles(at: cluster.range.lowerBound, runs: runs)
        if !marks.isEmpty { styles.appendMarks(at: cluster.range.lowerBound, marks: marks, drawnAbove: options.ruby == .above) }
        return styles
    }

}
