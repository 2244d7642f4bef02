import TextContent
import TextLayout

/// A place in the laid-out book: a chapter and a line in it.
public struct LineAddress: Hashable, Sendable, Comparable {
    /// Chapter index (0-based).
    public var chapter: Int
    /// Line index in that chapter's `LineCollection`.
    public var line: Int

    public init(chapter: Int, line: Int) {
        self.chapter = chapter
        self.line = line
    }

    public static func < (a: LineAddress, b: LineAddress) -> Bool {
        (a.chapter, a.line) < (b.chapter, b.line)
    }
}

/// Scrolling through a book as one continuous column of lines, chapter after chapter.
///
/// The reading position is the byte offset `anchor` of the first visible text. Lines are
/// found from it by binary search after every relayout, so a resize never moves the text
/// the reader was looking at: only scrolling changes `anchor`.
public struct Pager {
    /// Offset of the first visible text: the reading position that is saved.
    public private(set) var anchor: ByteOffset
    /// Rows available for text.
    public var rows: Int

    /// Creates a pager at a position.
    public init(anchor: ByteOffset, rows: Int) {
        self.anchor = anchor
        self.rows = max(1, rows)
    }

    /// The line at the top of the screen for the current layout.
    public func top(in layouts: ChapterLayouts) -> LineAddress {
        let content = layouts.content
        guard !content.chapters.isEmpty else { return LineAddress(chapter: 0, line: 0) }
        let chapter = content.chapterIndex(containing: anchor) ?? 0
        let lines = layouts.lines(ofChapter: chapter)
        return LineAddress(chapter: chapter, line: lines.isEmpty ? 0 : lines.lineIndex(containing: anchor))
    }

    /// The lines visible on screen, top to bottom (fewer than `rows` at the end of the book).
    public func visibleLines(in layouts: ChapterLayouts) -> [(address: LineAddress, line: Line)] {
        var result: [(LineAddress, Line)] = []
        var address = top(in: layouts)
        var lines = layouts.lines(ofChapter: address.chapter)
        while result.count < rows {
            if address.line >= lines.count {
                address = LineAddress(chapter: address.chapter + 1, line: 0)
                guard address.chapter < layouts.chapterCount else { break }
                lines = layouts.lines(ofChapter: address.chapter)
                continue
            }
            result.append((address, lines[address.line]))
            address.line += 1
        }
        return result
    }

    /// Moves by `delta` lines (negative = up), crossing chapter boundaries; stops at the
    /// first line of the book and at the last page.
    public mutating func scroll(by delta: Int, in layouts: ChapterLayouts) {
        guard layouts.chapterCount > 0, delta != 0 else { return }
        var address = Self.move(top(in: layouts), by: delta, in: layouts)
        if delta > 0 { address = max(top(in: layouts), min(address, lastPageTop(in: layouts))) }
        setTop(address, in: layouts)
    }

    /// The address `delta` lines after (or before) `start`, clamped to the book.
    /// Empty chapters have no lines and take no rows.
    public static func move(_ start: LineAddress, by delta: Int, in layouts: ChapterLayouts) -> LineAddress {
        var address = start
        var remaining = delta
        while remaining > 0 {
            let count = layouts.lines(ofChapter: address.chapter).count
            if address.line + 1 < count {
                let step = min(remaining, count - 1 - address.line)
                address.line += step
                remaining -= step
            } else {
                // Next chapter with lines, if any.
                var next = address.chapter + 1
                while next < layouts.chapterCount && layouts.lines(ofChapter: next).isEmpty { next += 1 }
                guard next < layouts.chapterCount else { break }
                address = LineAddress(chapter: next, line: 0)
                remaining -= 1
            }
        }
        while remaining < 0 {
            if address.line > 0 {
                let step = min(-remaining, address.line)
                address.line -= step
                remaining += step
            } else {
                var previous = address.chapter - 1
                while previous >= 0 && layouts.lines(ofChapter: previous).isEmpty { previous -= 1 }
                guard previous >= 0 else { break }
                address = LineAddress(chapter: previous, line: layouts.lines(ofChapter: previous).count - 1)
                remaining += 1
            }
        }
        return address
    }

    /// The top line that shows the last line of the book on the bottom row.
    public func lastPageTop(in layouts: ChapterLayouts) -> LineAddress {
        var last = layouts.chapterCount - 1
        while last > 0 && layouts.lines(ofChapter: last).isEmpty { last -= 1 }
        let end = LineAddress(chapter: last, line: max(0, layouts.lines(ofChapter: last).count - 1))
        return Self.move(end, by: -(rows - 1), in: layouts)
    }

    /// Puts `address` at the top of the screen.
    public mutating func setTop(_ address: LineAddress, in layouts: ChapterLayouts) {
        let lines = layouts.lines(ofChapter: address.chapter)
        if lines.isEmpty {
            anchor = layouts.content.chapters[address.chapter].range.lowerBound
        } else {
            anchor = lines[min(address.line, lines.count - 1)].start
        }
    }

    /// Jumps so that the line containing `offset` is at the top; the anchor becomes `offset`
    /// itself, so a later relayout keeps exactly that text in view.
    public mutating func jump(to offset: ByteOffset) {
        anchor = offset
    }
}
