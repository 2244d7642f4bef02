import TextContent
import TextLayout

/// Where a page starts and ends, given its top line: the rules that make the screen a
/// page of a book rather than a window on one long column (docs/KEYS.md, "Pages").
///
/// * A paragraph gap (blank line) at the top of a page is not shown.
/// * A page holds one chapter: the next chapter starts on a page of its own, so a page
///   never shows the end of one chapter and the start of the next.
/// * A heading is kept with at least two lines of what follows: when a heading (or a run
///   of headings) sits in the last rows of a full page with fewer than two lines of text
///   after it, the page ends before it (blank rows at the bottom) and the next page
///   starts with it.
/// * A ruby row is never a page's last row: its line goes over with it.
/// * A picture (`LineFlags.picture` rows) is never cut by a page's end: when its rows do
///   not all fit, the page ends above it (blank rows at the bottom). A page starts at a
///   picture's first row, never inside it — unless the picture is taller than the page
///   (fit width, `z`): then a page may start at any of its rows down to the one that puts
///   its last row on the page's last (`LineCollection.lastPictureTop`), and the page after
///   one that cuts it goes on inside it.
/// * A block that starts a page (`LineFlags.pageStart`: Aozora 改ページ) starts one: the
///   page before ends above it.
///
/// The page is a pure function of its top line and the layout, so a relayout (resize)
/// that keeps the top line keeps the page's start.
enum PageBreaks {
    /// Lines of text a heading keeps with it on the same page.
    static let linesKeptWithHeading = 2

    /// The page whose top is `start` (or the first line that is shown from there):
    /// at most `rows` lines, top to bottom; empty only for a book with no lines.
    static func page(from start: LineAddress, rows: Int, in layouts: ChapterLayouts)
        -> [(address: LineAddress, line: Line)] {
        guard var address = firstShown(from: start, rows: rows, in: layouts) else { return [] }
        let lines = layouts.lines(ofChapter: address.chapter)
        var result: [(address: LineAddress, line: Line)] = []
        result.reserveCapacity(rows)
        while result.count < rows && address.line < lines.count {
            if !result.isEmpty && lines[address.line].flags.contains(.pageStart) { return result }
            result.append((address, lines[address.line]))
            address.line += 1
        }
        // Only a full page that the chapter goes on after can push a heading over.
        if result.count == rows && address.line < lines.count { keepHeadingsWithText(&result) }
        if result.count > 1, result[result.count - 1].line.flags.contains(.rubyRow) { result.removeLast() }
        keepPictureWhole(&result)
        return result
    }

    /// The line shown at the top for a page of `rows` rows starting at `start`: the first
    /// line of a chapter with lines from there, after any blank lines (unless the chapter
    /// has only blank lines from there), in a picture where a page may start
    /// (`LineCollection.pictureTop`); nil when no chapter from there has lines.
    static func firstShown(from start: LineAddress, rows: Int, in layouts: ChapterLayouts) -> LineAddress? {
        var address = start
        var lines = layouts.lines(ofChapter: address.chapter)
        while address.line >= lines.count {
            address = LineAddress(chapter: address.chapter + 1, line: 0)
            guard address.chapter < layouts.chapterCount else { return nil }
            lines = layouts.lines(ofChapter: address.chapter)
        }
        while address.line + 1 < lines.count && lines[address.line].flags.contains(.blank) { address.line += 1 }
        address.line = lines.pictureTop(for: address.line, rows: rows)
        return address
    }

    /// Ends the page above a picture whose last row is not on it (unless the picture is the
    /// page's first line: a picture taller than the page is shown cut, the next page going
    /// on inside it).
    private static func keepPictureWhole(_ page: inout [(address: LineAddress, line: Line)]) {
        guard let last = page.last?.line, last.flags.contains(.picture), !last.flags.contains(.blockEnd),
              let first = page.lastIndex(where: { $0.line.flags.contains(.picture) && $0.line.flags.contains(.blockStart) }),
              first > 0 else { return }
        page.removeSubrange(first...)
        while page.count > 1, page[page.count - 1].line.flags.contains(.blank) { page.removeLast() }
    }

    /// The top of the page after the one whose top is `start`, or nil at the end of the book.
    static func nextPageTop(after start: LineAddress, rows: Int, in layouts: ChapterLayouts) -> LineAddress? {
        guard let last = page(from: start, rows: rows, in: layouts).last else { return nil }
        let next = Pager.move(last.address, by: 1, in: layouts)
        guard next != last.address else { return nil }
        return firstShown(from: next, rows: rows, in: layouts)
    }

    /// Ends the page before its last heading when fewer than `linesKeptWithHeading` lines
    /// of text follow it on the page; again for the heading before, if that leaves one alone.
    private static func keepHeadingsWithText(_ page: inout [(address: LineAddress, line: Line)]) {
        while let last = page.lastIndex(where: { $0.line.kind == .heading && !$0.line.flags.contains(.blank) }) {
            let group = headingGroupStart(endingAt: last, in: page)
            guard group > 0 else { return }
            let after = page[(last + 1)...].filter { !$0.line.flags.contains(.blank) }.count
            guard after < linesKeptWithHeading else { return }
            page.removeSubrange(group...)
            while page.count > 1, page[page.count - 1].line.flags.contains(.blank) { page.removeLast() }
        }
    }

    /// The first line of the run of headings (and the blank lines between them) that ends at `index`.
    private static func headingGroupStart(endingAt index: Int, in page: [(address: LineAddress, line: Line)]) -> Int {
        var start = index
        while start > 0 {
            var before = start - 1
            while before > 0 && page[before].line.flags.contains(.blank) { before -= 1 }
            let line = page[before].line
            guard line.kind == .heading && !line.flags.contains(.blank) else { break }
            start = before
        }
        return start
    }
}
