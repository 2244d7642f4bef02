import TextContent
import TextLayout

extension TextPage {
    /// The page on screen for `context`: lays out what is not laid out yet (or takes it
    /// from `layouts.source`), places each line's clusters, resolves their inline styles
    /// and search matches. While revealing, only clusters that start before the revealed
    /// offset are kept. Runs during an update, never while drawing.
    init(composing context: ReadingContext) {
        let content = context.content
        let visible = context.visibleLines()
        guard let first = visible.first, let last = visible.last else {
            self.init(lines: [])
            return
        }
        let span = ByteRange(first.line.start, max(first.line.start, last.line.range.upperBound))
        let runs = Self.styleRuns(in: span, content: content)
        let matches = context.search?.matches(in: span) ?? []
        let current = context.currentMatch
        let options = context.layouts.options
        let paragraphs = context.layouts.bidiParagraphs
        // Paced reveal: only clusters that start before the revealed offset are shown.
        let revealed = context.reveal?.revealed ?? ByteOffset(Int.max)
        var lines: [PageLine] = []
        lines.reserveCapacity(visible.count)
        for entry in visible {
            let line = entry.line
            if line.start >= revealed { break }
            var placed = PageLine(start: line.start, kind: line.kind,
                                  bullet: TextLayout.listBulletColumn(of: line, in: content, options: options, paragraphs: paragraphs))
            TextLayout.forEachCluster(of: line, in: content, options: options, paragraphs: paragraphs) { cluster in
                guard !cluster.isBlank, cluster.width > 0, cluster.range.lowerBound < revealed else { return }
                let at = cluster.range.lowerBound
                var styles = InlineStyles()
                for run in runs where run.range.lowerBound <= at && at < run.range.upperBound { styles.append(run.style) }
                let match: MatchKind
                if let current, current.contains(at) { match = .current }
                else if matches.contains(where: { $0.contains(at) }) { match = .match }
                else { match = .none }
                let text = cluster.text ?? String(decoding: content.bytes[cluster.range.intRange], as: UTF8.self)
                placed.clusters.append(PageCluster(text: text, column: cluster.column, width: cluster.width, styles: styles, match: match))
            }
            lines.append(placed)
        }
        self.init(lines: lines)
    }

    /// Style runs that intersect `span` (binary search on the sorted runs, then a short scan).
    private static func styleRuns(in span: ByteRange, content: TextContent) -> [StyleRun] {
        let styles = content.styles
        var lo = 0, hi = styles.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if styles[mid].range.lowerBound < span.upperBound { lo = mid + 1 } else { hi = mid }
        }
        var result: [StyleRun] = []
        var i = lo - 1
        // Runs start before the span's end; nested runs are short, so look back a bounded way.
        var looked = 0
        while i >= 0 && looked < 4096 {
            if styles[i].range.upperBound > span.lowerBound { result.append(styles[i]) }
            i -= 1
            looked += 1
        }
        return result.reversed()
    }
}
