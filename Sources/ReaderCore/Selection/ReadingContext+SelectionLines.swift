import TextContent
import TextLayout

/// Visual mode on the screen's lines: `j`/`k` keep the head's column, and every motion
/// turns the page so that the head stays in sight.
extension ReadingContext {
    /// How many lines `j`/`k` skip looking for one with text (blank lines, pictures).
    private static let lineSearchLimit = 200

    /// The cluster at the head's column on the next line with text below (or above) it.
    func clusterOnNextLine(from head: ByteRange, down: Bool) -> ByteRange? {
        guard let c = content.chapterIndex(containing: head.lowerBound) else { return nil }
        var address = LineAddress(chapter: c, line: layouts.lines(ofChapter: c).lineIndex(containing: head.lowerBound))
        let here = placedClusters(of: layouts.lines(ofChapter: c)[address.line])
        let column = here.first { $0.range.contains(head.lowerBound) }?.column ?? here.first?.column ?? 0
        for _ in 0..<Self.lineSearchLimit {
            guard let next = step(address, down: down) else { return nil }
            address = next
            let line = layouts.lines(ofChapter: address.chapter)[address.line]
            if line.flags.contains(.picture) || line.flags.contains(.rubyRow) { continue }
            let clusters = placedClusters(of: line)
            guard !clusters.isEmpty else { continue }
            let hit = clusters.first { column >= $0.column && column < $0.column + $0.width }
                ?? clusters.last { $0.column <= column } ?? clusters[0]
            return hit.range
        }
        return nil
    }

    /// The line after (or before) `address`, across chapters.
    private func step(_ address: LineAddress, down: Bool) -> LineAddress? {
        if down {
            if address.line + 1 < layouts.lines(ofChapter: address.chapter).count {
                return LineAddress(chapter: address.chapter, line: address.line + 1)
            }
            var c = address.chapter + 1
            while c < content.chapters.count && layouts.lines(ofChapter: c).count == 0 { c += 1 }
            return c < content.chapters.count ? LineAddress(chapter: c, line: 0) : nil
        }
        if address.line > 0 { return LineAddress(chapter: address.chapter, line: address.line - 1) }
        var c = address.chapter - 1
        while c >= 0 && layouts.lines(ofChapter: c).count == 0 { c -= 1 }
        return c >= 0 ? LineAddress(chapter: c, line: layouts.lines(ofChapter: c).count - 1) : nil
    }

    /// The visible clusters of `line` that are bytes of the book, sorted by column.
    private func placedClusters(of line: Line) -> [PlacedCluster] {
        var out: [PlacedCluster] = []
        TextLayout.forEachCluster(of: line, in: content, options: layouts.options, paragraphs: layouts.bidiParagraphs) { c in
            if c.width > 0 && !c.isReading && !c.range.isEmpty { out.append(c) }
        }
        return out.sorted { $0.column < $1.column }
    }

    /// Scrolls a line at a time (up to a page) until `offset` is on the page, or jumps to
    /// its line when it is farther.
    func keepOnPage(_ offset: ByteOffset) {
        if isVertical { return keepOnVerticalPage(offset) }
        var lastTop: ByteOffset?
        for _ in 0...textRows {
            let visible = visibleLines()
            guard let first = visible.first, let last = visible.last else { return }
            if first.line.start == lastTop { break }   // the scroll did not move
            lastTop = first.line.start
            if offset < first.line.start {
                scroll(by: -1)
            } else if offset >= last.line.range.upperBound && offset < ByteOffset(content.bytes.count) {
                scroll(by: 1)
            } else {
                return
            }
        }
        jump(to: lineStart(containing: offset))
    }
}
