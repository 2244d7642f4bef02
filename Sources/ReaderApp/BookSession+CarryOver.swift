import ReaderCore
import ReaderState
import TextContent

/// A book file edited in place (a fixed typo, a new edition under the same name) has a
/// new content hash, so a new state; its first opening takes over the earlier version's
/// state: the place and bookmarks (clamped to the new text), the settings, and the
/// highlights found again in the new text (`HighlightAnchoring`).
extension BookSession {
    /// `earlier` made this version's state, with the line that tells the user.
    func carriedOver(_ earlier: BookState, path: String) -> (state: BookState, note: String) {
        var state = earlier
        state.key = key
        state.lastPath = path
        state.title = content.metadata.title
        let end = content.bytes.count
        state.position.offset = min(max(0, state.position.offset), end)
        state.position.document = nil
        state.position.documentOffset = nil
        state.bookmarks = state.bookmarks.map { mark in
            var mark = mark
            mark.position.offset = min(mark.position.offset, end)
            return mark
        }
        let old = earlier.highlights ?? []
        let found = Self.anchored(old, in: content).map { stored, range in
            self.stored(TextHighlight(id: stored.id, range: range, color: HighlightColor(name: stored.color) ?? .yellow, note: stored.note),
                        created: stored.created, updated: stored.updated)
        }
        state.highlights = found.isEmpty ? nil : found.sorted { $0.start < $1.start }
        var note = "\(path): the file changed since it was last read; carried over its place, \(state.bookmarks.count) bookmark(s)"
        if !old.isEmpty { note += " and \(found.count) of \(old.count) highlight(s)" }
        return (state, note)
    }
}
