import TextContent

/// The book's highlights on the reading state: made from the selection (`h`, `H`, `a`),
/// removed (`d` in visual mode, the list's `d`), and found for drawing.
extension ReadingContext {
    /// The first highlight whose range is the selection's, else the first that overlaps it.
    func highlightIndex(over range: ByteRange) -> Int? {
        highlights.firstIndex { $0.range == range }
            ?? highlights.firstIndex { $0.range.lowerBound < range.upperBound && $0.range.upperBound > range.lowerBound }
    }

    /// Highlights the selection in `color`, or gives that colour to the highlight already
    /// over it. Returns the highlight's id, nil without a selection.
    @discardableResult
    func highlightSelection(color: HighlightColor) -> String? {
        guard let range = selection?.range, !range.isEmpty else { return nil }
        if let i = highlightIndex(over: range), highlights[i].range == range {
            highlights[i].color = color
            return highlights[i].id
        }
        let made = TextHighlight(id: makeHighlightID(), range: range, color: color)
        insert(made)
        return made.id
    }

    /// Puts `note` (nil or empty: none) on the highlight over the selection, making one in
    /// the current colour when there is none.
    func setNoteOnSelection(_ note: String?) {
        guard let range = selection?.range, !range.isEmpty else { return }
        let note = note.flatMap { $0.isEmpty ? nil : $0 }
        if let i = highlightIndex(over: range) {
            highlights[i].note = note
        } else {
            insert(TextHighlight(id: makeHighlightID(), range: range, color: highlightColor, note: note))
        }
    }

    /// Removes the highlights that overlap `range`; returns how many.
    @discardableResult
    func removeHighlights(overlapping range: ByteRange) -> Int {
        let before = highlights.count
        highlights.removeAll { $0.range.lowerBound < range.upperBound && $0.range.upperBound > range.lowerBound }
        return before - highlights.count
    }

    /// Removes highlight `index` of `highlights`; false when there is none.
    func removeHighlight(at index: Int) -> Bool {
        guard highlights.indices.contains(index) else { return false }
        highlights.remove(at: index)
        return true
    }

    /// Replaces the highlights (the host's, when the book opens), dropping those past the
    /// text or empty; sorted by start.
    func replaceHighlights(_ list: [TextHighlight]) {
        let end = ByteOffset(content.bytes.count)
        highlights = list.filter { !$0.range.isEmpty && $0.range.upperBound <= end }
            .sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
    }

    private func insert(_ highlight: TextHighlight) {
        let i = highlights.firstIndex { $0.range.lowerBound > highlight.range.lowerBound } ?? highlights.count
        highlights.insert(highlight, at: i)
    }
}
