import TextContent
import TextLayout

/// Moving through the matches of the search: `/pattern Enter`, `n`, `N`, Esc; and
/// counting them while idle.
extension ReadingContext {
    /// Starts a search for `pattern` from the top of the page (an empty pattern repeats
    /// the last search), or says that the pattern is not a valid regular expression.
    func startSearch(_ pattern: String) {
        guard !pattern.isEmpty else {
            if lastSearch != nil { findNext(forward: true) }
            return
        }
        do {
            let search = try BookSearch(pattern: pattern, content: content)
            lastSearch = search
            searchCount = SearchCount(textLength: search.textLength)
            currentMatch = nil
            findNext(forward: true, fromTop: true)
        } catch {
            message = "Not a valid regular expression: \(pattern)"
        }
    }

    /// Esc: no current match and no highlight left; the pattern is kept for `n`/`N`.
    func clearSearch() {
        searchShown = false
        currentMatch = nil
    }

    /// Moves the current match to the next (or previous) one, wrapping around the book
    /// with a message; the page stays when the match is on it, otherwise the match's line
    /// goes to the top. From the current match when it is on the page; otherwise (a new
    /// search, after Esc, or after a jump elsewhere) `n` starts from the top of the page
    /// and `N` before it.
    func findNext(forward: Bool, fromTop: Bool = false) {
        guard let search = lastSearch else { message = "No search yet: type / and a pattern"; return }
        searchShown = true
        let visible = visibleLines()
        let pageTop = visible.first?.line.start ?? pager.anchor
        let onPage = { (m: ByteRange) in visible.contains { $0.line.range.contains(m.lowerBound) } }
        let current = fromTop ? nil : currentMatch.flatMap { onPage($0) ? $0 : nil }
        let from: ByteOffset
        let found: ByteRange?
        if forward {
            from = current?.upperBound ?? pageTop
            found = current.map(search.next(after:)) ?? search.next(from: pageTop)
        } else {
            from = current?.lowerBound ?? pageTop
            found = search.previous(before: from)
        }
        guard let match = found else {
            message = "Pattern not found: \(search.pattern)"
            currentMatch = nil
            return
        }
        if forward && match.lowerBound < from { message = "Search wrapped to the start" }
        if !forward && match.lowerBound >= from { message = "Search wrapped to the end" }
        currentMatch = match
        if !onPage(match) { recordingJump { pager.jump(to: lineStart(containing: match.lowerBound)) } }
    }

    /// The status line's field for the current match ("match 3/42"), if there is one.
    var matchStatus: String? {
        guard let currentMatch, let searchCount else { return nil }
        return searchCount.text(for: currentMatch)
    }

    /// Whether some of the book is still to be counted for the last search.
    var hasMatchesToCount: Bool { lastSearch != nil && searchCount?.isComplete == false }

    /// Counts the matches in the next piece of the book; returns whether the status
    /// line's field changed.
    func countMatches(chunk: Int = SearchCount.idleChunk) -> Bool {
        guard let search = lastSearch, var count = searchCount else { return false }
        let before = matchStatus
        count.countNext(search, chunk: chunk)
        searchCount = count
        return matchStatus != before
    }
}
