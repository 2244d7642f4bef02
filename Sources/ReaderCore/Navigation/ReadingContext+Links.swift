import Support
import TextContent
import TextLayout

/// The links on the page and the one `Tab` / `Shift-Tab` selected.
extension ReadingContext {
    /// The bytes the page on screen shows (empty past the end of the book).
    var visibleSpan: ByteRange {
        if isVertical { return verticalSpan }
        let visible = visibleLines()
        guard let first = visible.first, let last = visible.last else { return ByteRange(pager.anchor, pager.anchor) }
        return ByteRange(first.line.start, max(first.line.start, last.line.range.upperBound))
    }

    /// The links (links, note references, backlinks) that show on the page, in reading
    /// order: the numbering of `Tab`, hints and clicks.
    public func visibleLinks() -> [StyleRun] {
        let span = visibleSpan
        guard !span.isEmpty else { return [] }
        return content.styleRuns(intersecting: span).filter(\.isLink)
    }

    /// The selected link, when it is on the page.
    var visibleSelectedLink: StyleRun? {
        guard let selected = selectedLink else { return nil }
        return visibleLinks().first { $0.range == selected }
    }

    /// `Tab` (`forward`) / `Shift-Tab`: selects the next / previous link on the page; when
    /// none is left, turns to the page with the next / previous link of the book. Says on
    /// the status line what the link leads to, or that there are no more links.
    func selectLink(forward: Bool) {
        let links = visibleLinks()
        let current = selectedLink.flatMap { s in links.firstIndex { $0.range == s } }
        let next: StyleRun?
        if let current {
            let i = current + (forward ? 1 : -1)
            next = links.indices.contains(i) ? links[i] : nil
        } else {
            next = forward ? links.first : links.last
        }
        if let next {
            selectedLink = next.range
        } else if let away = linkBeyondPage(forward: forward) {
            bringOnScreen(away, forward: forward)
            selectedLink = away.range
        } else {
            message = forward ? "No more links after this page" : "No more links before this page"
            return
        }
        if let run = visibleSelectedLink { message = describe(run, among: visibleLinks()) }
    }

    /// The first link after the page (forward) or the last one before it.
    private func linkBeyondPage(forward: Bool) -> StyleRun? {
        let span = visibleSpan
        let styles = content.styles
        if forward {
            var i = styles.partitioningIndex { $0.range.lowerBound >= span.upperBound }
            while i < styles.count, !styles[i].isLink { i += 1 }
            return i < styles.count ? styles[i] : nil
        }
        var i = styles.partitioningIndex { $0.range.lowerBound >= span.lowerBound } - 1
        while i >= 0, !(styles[i].isLink && styles[i].range.upperBound <= span.lowerBound) { i -= 1 }
        return i >= 0 ? styles[i] : nil
    }

    /// Turns pages towards `run` (at most three), then, if it is still off the page, puts
    /// its line at the top.
    private func bringOnScreen(_ run: StyleRun, forward: Bool) {
        for _ in 0..<3 {
            let span = visibleSpan
            if span.contains(run.range.lowerBound) { return }
            if forward { pageDown() } else { pageUp() }
        }
        if !visibleSpan.contains(run.range.lowerBound) { pager.jump(to: run.range.lowerBound) }
    }

    /// "Link 2/5: …" for the status line: where a link leads.
    func describe(_ run: StyleRun, among links: [StyleRun]) -> String {
        let number = (links.firstIndex { $0.range == run.range } ?? 0) + 1
        let prefix = (run.style == .noteReference ? "Note" : "Link") + " \(number)/\(links.count): "
        if let url = run.url { return prefix + url }
        guard let target = run.target else { return prefix + "target not found" }
        if run.style == .noteReference { return prefix + "Enter opens it" }
        let chapter = content.chapterIndex(containing: target).map { content.chapters[$0].title } ?? ""
        return prefix + "→ " + (chapter.isEmpty ? content.metadata.title : chapter)
    }

    /// The link whose text covers `offset`, among the visible ones.
    func visibleLink(at offset: ByteOffset) -> StyleRun? {
        visibleLinks().last { $0.range.contains(offset) }
    }
}
