import TextLayout

/// How the status line shares its width: the chapter counter and the percentage always
/// fit (their padding goes first when the line is narrow); the optional right-hand fields
/// (the reveal's state, and any other, most important first) are kept while the title
/// still gets `minimumTitleCells`; the title gets the rest and is shortened: a chapter
/// path loses its outer entries first ("… › Part I › III"), then the innermost title is
/// cut with "…".
struct StatusLayout: Hashable {
    /// What the left part shows (with its leading space), and in how many cells.
    var left: String
    /// Cells for the left part.
    var leftWidth: Int
    /// The right part (optional fields, chapter counter, percentage), drawn flush right.
    var right: String

    /// Cells the title keeps before an optional right-hand field is dropped.
    static let minimumTitleCells = 12
    /// Between the entries of a chapter path.
    static let pathSeparator = " › "

    /// Lays out a status line `columns` wide: `path` (outermost first) or `message` on the
    /// left; `fields` (most important first), then `chapter` and `percent` on the right.
    init(columns: Int, path: [String], message: String?, fields: [String], chapter: String, percent: String) {
        let columns = max(0, columns)
        var right = Self.essentials(chapter: chapter, percent: percent, columns: columns)
        let titleCells = message.map { CellWidth.of($0) + 1 } ?? Self.fullPathCells(path)
        for field in fields {
            let candidate = " " + field + " " + right
            guard columns - CellWidth.of(candidate) >= min(Self.minimumTitleCells, titleCells) else { break }
            right = candidate
        }
        let rest = max(0, columns - CellWidth.of(right))
        leftWidth = rest
        left = message.map { " " + $0 } ?? " " + Self.shortened(path, toFit: rest - 1)
        self.right = right
    }

    /// " 3/12   42.7% " in full; without the padding (but a space before) when that does
    /// not fit; the percentage alone (then cut) on a line narrower than both.
    static func essentials(chapter: String, percent: String, columns: Int) -> String {
        if chapter.isEmpty || percent.isEmpty {   // `--status` without one of them
            let one = (chapter + percent).trimmingSpaces()
            return one.isEmpty ? "" : String((" " + one + " ").prefix(columns))
        }
        let full = " \(chapter)  \(percent) "
        if CellWidth.of(full) <= columns { return full }
        let chapter = chapter.trimmingSpaces(), percent = percent.trimmingSpaces()
        let compact = "\(chapter) \(percent)"
        if CellWidth.of(compact) + 1 <= columns { return " " + compact }
        if CellWidth.of(compact) <= columns { return compact }
        return String(percent.prefix(columns))
    }

    /// The path joined, dropping outer entries until it fits in `cells` (the innermost
    /// entry is always kept; the renderer cuts it when it alone is too wide).
    static func shortened(_ path: [String], toFit cells: Int) -> String {
        let entries = path.filter { !$0.isEmpty }
        guard !entries.isEmpty else { return "" }
        let whole = entries.joined(separator: pathSeparator)
        if CellWidth.of(whole) <= cells { return whole }
        for dropped in 1..<entries.count {
            let text = "…" + pathSeparator + entries[dropped...].joined(separator: pathSeparator)
            if CellWidth.of(text) <= cells { return text }
        }
        return entries[entries.count - 1]
    }

    private static func fullPathCells(_ path: [String]) -> Int {
        CellWidth.of(path.filter { !$0.isEmpty }.joined(separator: pathSeparator)) + 1
    }
}

private extension String {
    func trimmingSpaces() -> String {
        String(String(drop { $0 == " " }.reversed().drop { $0 == " " }).reversed())
    }
}
