import TextContent
import TextLayout

/// A bookmark as the reader core sees it (the host persists it).
public struct Mark: Hashable, Sendable {
    /// Where it points.
    public var offset: ByteOffset
    /// Label shown in the list.
    public var label: String

    /// Creates a bookmark.
    public init(offset: ByteOffset, label: String) {
        self.offset = offset
        self.label = label
    }
}

extension ReadingContext {
    /// Adds a bookmark at the reading position, labelled with the chapter title and the
    /// start of the top line (`m`), and says so on the status line.
    func addMark() {
        let top = visibleLines().first
        var label = ""
        if let line = top?.line {
            label = String(content.string(in: line.range).drop(while: { $0 == " " || $0 == "\t" })
                .reversed().drop(while: { $0 == " " || $0 == "\n" || $0 == "\t" }).reversed())
        }
        if label.count > 60 { label = String(label.prefix(60)) + "…" }
        let mark = Mark(offset: pager.anchor, label: "\(chapterTitle) — \(label)")
        if !marks.contains(where: { $0.offset == mark.offset }) {
            marks.append(mark)
            marks.sort { $0.offset < $1.offset }
        }
        message = "Bookmark added (\(marks.count) in all; ' lists them)"
    }

    /// Removes the bookmark at `index` (ignored when out of range); returns whether one was removed.
    func removeMark(at index: Int) -> Bool {
        guard index < marks.count else { return false }
        marks.remove(at: index)
        return true
    }
}
