import ReaderState
import TextContent

/// The book's highlights as a notes document, for `reader notes`.
extension BookSession {
    /// Every saved highlight, in book order: where it is found now (`HighlightAnchoring`),
    /// or, not found, with its saved offsets and `found` false (after the found ones).
    public func notesDocument() -> NotesDocument {
        let stored = state.highlights ?? []
        let located = Dictionary(Self.anchored(stored, in: content).map { ($0.0.id, $0.1) }, uniquingKeysWith: { a, _ in a })
        let length = max(1, content.bytes.count)
        let entries = stored.map { h -> NotesDocument.Highlight in
            let range = located[h.id]
            let start = range?.lowerBound.rawValue ?? h.start
            let chapter = range.flatMap { content.chapterIndex(containing: $0.lowerBound) } ?? h.chapter
            let title = range != nil && content.chapters.indices.contains(chapter) ? content.chapters[chapter].title : nil
            return NotesDocument.Highlight(
                id: h.id, start: start, end: range?.upperBound.rawValue ?? h.end, chapter: chapter,
                chapterTitle: title.map(TextSanitizer.sanitizeLabel), percent: (Double(start) * 1000 / Double(length)).rounded() / 10,
                color: h.color, note: h.note.map(TextSanitizer.sanitize), quote: TextSanitizer.sanitize(h.quote),
                before: h.before.map(TextSanitizer.sanitize), after: h.after.map(TextSanitizer.sanitize),
                created: h.created, updated: h.updated, found: range != nil)
        }.sorted { ($0.found ? 0 : 1, $0.start, $0.id) < ($1.found ? 0 : 1, $1.start, $1.id) }
        let m = content.metadata
        let book = NotesDocument.Book(title: TextSanitizer.sanitizeLabel(m.title), authors: m.authors.map(TextSanitizer.sanitizeLabel),
                                      language: m.language, key: key, path: path)
        return NotesDocument(book: book, highlights: entries)
    }
}
