import ReaderCore
import ReaderState

extension ShelfModel {
    /// Lines of the bookshelf's key help.
    public static let helpLines = [
        "Bookshelf",
        "  j k ↓ ↑          move",
        "  Space b PgDn PgUp  a page down / up",
        "  g G Home End     first / last book",
        "  Enter l          open the book at its place (q in the book comes back here)",
        "  /                filter by title or author (type, Enter keeps it, Esc clears it)",
        "  s                sort: recent, title, author, progress",
        "  d                remove from the library (the file is kept)",
        "  ?                this help (any key closes it)",
        "  q Esc            quit",
        "",
        "Add books: reader add DIR…   List them: reader list [--json]   Last book: reader -r",
    ]

    /// What the screen shows at `now` (seconds since 1970, for "last read"): only the
    /// window of rows around the selection is formatted.
    public func snapshot(now: Double) -> PageSnapshot {
        let geometry = ScreenGeometry(columns: columns, rows: rows, textRows: max(1, rows - 1), textWidth: columns)
        let status = StatusLine(title: "? keys · / filter · s sort · d remove · q quit",
                                chapter: visible.isEmpty ? "0/0" : "\(selected + 1)/\(visible.count)",
                                percent: sort.rawValue, message: message, prompt: isFiltering ? "/" + query : nil)
        if showsHelp { return PageSnapshot(geometry: geometry, views: [HelpView(lines: Self.helpLines)], status: status) }
        let count = pageRows
        let top = max(0, min(selected - count / 2, visible.count - count))
        let window = top < visible.count ? Array(visible[top..<min(visible.count, top + count)]) : []
        let rows = window.map { row(for: $0, now: now) }
        let view = ShelfView(title: title, hint: hint, rows: rows, selectedRow: visible.isEmpty ? nil : selected - top,
                             panelColumns: coverPanelColumns)
        return PageSnapshot(geometry: geometry, views: [view], status: status)
    }

    /// The first row.
    private var title: String {
        let books = entries.count == 1 ? "1 book" : "\(entries.count) books"
        let shown = query.isEmpty ? "" : " · \(visible.count) shown"
        return "Library · \(books)\(shown) · by \(sort.rawValue)"
    }

    /// The second row.
    private var hint: String {
        if showsSample { return emptyHint }
        if !query.isEmpty || isFiltering { return "Filter: " + query + (isFiltering ? "▏" : "  (Esc clears)") }
        if visible.isEmpty { return "No books." }
        return "Enter open · / filter · s sort · d remove · ? keys"
    }

    /// One entry as a row.
    func row(for entry: LibraryEntry, now: Double) -> ShelfRow {
        let isMissing = missing.contains(entry.key)
        return ShelfRow(title: entry.title, author: entry.authorLine, progress: entry.progress,
                        timeLeft: TimeLeft.text(for: entry, speed: readingSpeed),
                        lastRead: isMissing ? "missing" : RelativeDate.text(entry.lastOpened, now: now), isMissing: isMissing)
    }
}
