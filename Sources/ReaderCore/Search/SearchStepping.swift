import TextContent

/// Moving through the matches of the search: `/pattern Enter`, `n`, `N`.
extension ReadingContext {
    /// Starts a search for `pattern` from the top of the page (an empty pattern repeats
    /// the last search), or says that the pattern is not a valid regular expression.
    func startSearch(_ pattern: String) {
        guard !pattern.isEmpty else {
            if search != nil { findNext(forward: true) }
            return
        }
        do {
            search = try BookSearch(pattern: pattern, content: content)
            findNext(forward: true, fromTop: true)
        } catch {
            message = "Not a valid regular expression: \(pattern)"
        }
    }

    /// Moves the current match to the next (or previous) one, wrapping around the book
    /// with a message; the page stays when the match is on it, otherwise the match's line
    /// goes to the top.
    func findNext(forward: Bool, fromTop: Bool = false) {
        guard let search else { message = "No search yet: type / and a pattern"; return }
        let visible = visibleLines()
        let from: ByteOffset
        if forward {
            if fromTop { from = visible.first?.line.start ?? pager.anchor }
            else if let m = currentMatch { from = m.lowerBound + 1 }
            else { from = visible.first?.line.start ?? pager.anchor }
        } else {
            from = currentMatch?.lowerBound ?? pager.anchor
        }
        let found = forward ? search.next(from: from) : search.previous(before: from)
        guard let match = found else {
            message = "Pattern not found: \(search.pattern)"
            currentMatch = nil
            return
        }
        if forward && match.lowerBound < from { message = "Search wrapped to the start" }
        if !forward && match.lowerBound >= from { message = "Search wrapped to the end" }
        currentMatch = match
        let onScreen = visible.contains { $0.line.range.contains(match.lowerBound) }
        if !onScreen { pager.jump(to: lineStart(containing: match.lowerBound)) }
    }
}
