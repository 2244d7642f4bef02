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

/// Moving through a book, chapter after chapter: by lines (`scroll`) or by pages
/// (`pageDown`, `pageUp`); the screen is the page from the top line (`PageBreaks`).
///
/// The reading position is the byte offset `anchor` of the first visible text. Lines are
/// found from it by binary search after every relayout, so a resize never moves the text
/// the reader was looking at: only moving changes `anchor`. Inside a picture taller than
/// the page (fit width, `z`), whose rows all share its offset, `pictureRowSkip` says how
/// many of its rows are above the screen.
public struct Pager {
    /// Offset of the first visible text: the reading position that is saved.
    public private(set) var anchor: ByteOffset
    /// Rows of the picture at `anchor` above the top of the screen (0 elsewhere); at most
    /// what puts the picture's last row on the page's last (`LineCollection.lastPictureTop`).
    /// Not saved: a saved position opens at the picture's top.
    public private(set) var pictureRowSkip = 0
    /// Rows available for text.
    public var rows: Int
    /// The last page turns down, to turn back to exactly the page that was left.
    private var turns: [PageTurn] = []
    private static let rememberedTurns = 4096

    /// Creates a pager at a position.
    public init(anchor: ByteOffset, rows: Int) {
        self.anchor = anchor
        self.rows = max(1, rows)
    }

    /// A pager at `place` (a position and the rows of a picture above the screen).
    init(place: PagerPlace, rows: Int) {
        self.init(anchor: place.anchor, rows: rows)
        pictureRowSkip = max(0, place.pictureRowSkip)
    }

    /// Where the screen is: the anchor and the rows of a picture above it.
    public var place: PagerPlace { PagerPlace(anchor: anchor, pictureRowSkip: pictureRowSkip) }

    /// The line at the top of the screen for the current layout.
    public func top(in layouts: ChapterLayouts) -> LineAddress {
        let content = layouts.content
        guard !content.chapters.isEmpty else { return LineAddress(chapter: 0, line: 0) }
        let chapter = content.chapterIndex(containing: anchor) ?? 0
        let lines = layouts.lines(ofChapter: chapter)
        guard !lines.isEmpty else { return LineAddress(chapter: chapter, line: 0) }
        let line = lines.lineIndex(containing: anchor)
        guard pictureRowSkip > 0, lines[line].flags.contains(.picture) else { return LineAddress(chapter: chapter, line: line) }
        // (Within the picture as laid out now: a resize may have made it shorter.)
        let row = min(line + pictureRowSkip, lines.lastPictureRow(of: line))
        return LineAddress(chapter: chapter, line: lines.pictureTop(for: row, rows: rows))
    }

    /// The lines visible on screen, top to bottom: the page from the top line
    /// (`PageBreaks`: no blank first row, one chapter a page, headings kept with their
    /// text), so it may end before the last text row.
    public func visibleLines(in layouts: ChapterLayouts) -> [(address: LineAddress, line: Line)] {
        PageBreaks.page(from: top(in: layouts), rows: rows, in: layouts)
    }

    /// Whether the page on screen shows the last line of the book.
    public func showsEnd(in layouts: ChapterLayouts) -> Bool {
        guard let last = visibleLines(in: layouts).last else { return true }
        return Self.move(last.address, by: 1, in: layouts) == last.address
    }

    /// Turns to the next page: the line after the last one shown (after a paragraph gap)
    /// goes to the top; a new chapter starts a page. Stays on the last page of the book.
    public mutating func pageDown(in layouts: ChapterLayouts) {
        guard layouts.chapterCount > 0, let next = PageBreaks.nextPageTop(after: top(in: layouts), rows: rows, in: layouts)
        else { return }
        let from = place
        setTop(next, in: layouts)
        turns.append(PageTurn(from: from, to: place))
        if turns.count > Self.rememberedTurns { turns.removeFirst(turns.count - Self.rememberedTurns) }
    }

    /// Turns to the previous page: the page whose next page starts with the line on top
    /// now. Right after a page down it is the page that was left (so down then up returns
    /// to the same top), else the fullest such page; when no page leads here (a scroll put
    /// the top mid-page), the screenful above, within the chapter.
    public mutating func pageUp(in layouts: ChapterLayouts) {
        guard layouts.chapterCount > 0, let shown = PageBreaks.firstShown(from: top(in: layouts), rows: rows, in: layouts)
        else { return }
        if let turn = turns.popLast(), turn.to == place {
            let from = Pager(place: turn.from, rows: rows).top(in: layouts)
            if PageBreaks.nextPageTop(after: from, rows: rows, in: layouts) == shown {
                anchor = turn.from.anchor
                pictureRowSkip = turn.from.pictureRowSkip
                return
            }
        }
        turns.removeAll()
        guard let target = previousPageTop(before: shown, in: layouts) else {
            setTop(shown, in: layouts)
            return
        }
        setTop(target, in: layouts)
    }

    /// The top of the page before the one shown from `shown`, or nil at the start of the book.
    private func previousPageTop(before shown: LineAddress, in layouts: ChapterLayouts) -> LineAddress? {
        var previous = Self.move(shown, by: -1, in: layouts)
        guard previous != shown else { return nil }
        if layouts.lines(ofChapter: previous.chapter)[previous.line].flags.contains(.blank) {
            let before = Self.move(previous, by: -1, in: layouts)
            guard before != previous else { return nil }
            previous = before
        }
        // The page before ends in the chapter of the line before; a page skips at most one
        // blank line at its top and one after its end.
        let chapter = previous.chapter
        let first = max(0, previous.line - rows - 1)
        let lines = layouts.lines(ofChapter: chapter)
        for line in first...previous.line where !lines[line].flags.contains(.blank) || line == previous.line {
            let candidate = LineAddress(chapter: chapter, line: line)
            if PageBreaks.nextPageTop(after: candidate, rows: rows, in: layouts) == shown { return candidate }
        }
        return LineAddress(chapter: chapter, line: max(0, previous.line - (rows - 1)))
    }

    /// Moves by `delta` lines (negative = up), crossing chapter boundaries; stops at the
    /// first line of the book and at the last page.
    public mutating func scroll(by delta: Int, in layouts: ChapterLayouts) {
        guard layouts.chapterCount > 0, delta != 0 else { return }
        let start = top(in: layouts)
        var address = Self.move(start, by: delta, in: layouts)
        // A paragraph gap is not shown at the top: moving onto one moves past it.
        let landed = layouts.lines(ofChapter: address.chapter)
        if address.line < landed.count && landed[address.line].flags.contains(.blank) {
            let past = Self.move(address, by: delta > 0 ? 1 : -1, in: layouts)
            if past != address { address = past }
        }
        // A line and the ruby row above it move as one: the top is never the line without its row.
        let lines = layouts.lines(ofChapter: address.chapter)
        if address.line > 0 && address.line < lines.count && lines[address.line - 1].flags.contains(.rubyRow)
            && lines[address.line - 1].start == lines[address.line].start {
            address = Self.move(address, by: delta > 0 ? 1 : -1, in: layouts)
        }
        address = Self.outsidePicture(address, forward: delta > 0, rows: rows, from: start, in: layouts)
        if delta > 0 { address = max(start, min(address, lastPageTop(in: layouts))) }
        if delta < 0, let top = Self.pictureTop(above: start, in: layouts) { address = max(address, top) }
        setTop(address, in: layouts)
    }

    /// The first row of the picture `start` is a row below the first of (a page inside a
    /// tall picture: moving up shows its top before what is above it); nil elsewhere.
    static func pictureTop(above start: LineAddress, in layouts: ChapterLayouts) -> LineAddress? {
        let lines = layouts.lines(ofChapter: start.chapter)
        guard start.line < lines.count, lines[start.line].flags.contains(.picture) else { return nil }
        let first = lines.firstPictureRow(of: start.line)
        return first < start.line ? LineAddress(chapter: start.chapter, line: first) : nil
    }

    /// A picture that fits on a page moves as one: an address inside one (not its first
    /// row) becomes the line after it (`forward`) or its first row. In a picture taller than
    /// the page (`rows`) every row down to its last top (`LineCollection.lastPictureTop`)
    /// stays, and one below that becomes that last top — or, moving on from there (`from`
    /// is the last top already, or outside the picture), the line after it. Any other
    /// address stays.
    static func outsidePicture(_ address: LineAddress, forward: Bool, rows: Int, from: LineAddress? = nil,
                               in layouts: ChapterLayouts) -> LineAddress {
        let lines = layouts.lines(ofChapter: address.chapter)
        guard address.line < lines.count, lines[address.line].flags.contains(.picture),
              !lines[address.line].flags.contains(.blockStart) else { return address }
        let lastTop = LineAddress(chapter: address.chapter, line: lines.lastPictureTop(of: address.line, rows: rows))
        guard address.line > lastTop.line, forward else { return min(address, lastTop) }
        // Rows of it not shown yet are shown before moving past it.
        if let from, from.chapter == address.chapter, from.line >= lines.firstPictureRow(of: address.line),
           from.line < lastTop.line { return lastTop }
        let last = LineAddress(chapter: address.chapter, line: lines.lastPictureRow(of: address.line))
        let after = move(last, by: 1, in: layouts)
        return after == last ? lastTop : after
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

    /// The top line that shows the last line of the book on the bottom row (or the first
    /// line of the last chapter, when it is shorter than a page: a page holds one chapter).
    public func lastPageTop(in layouts: ChapterLayouts) -> LineAddress {
        var last = layouts.chapterCount - 1
        while last > 0 && layouts.lines(ofChapter: last).isEmpty { last -= 1 }
        let count = layouts.lines(ofChapter: last).count
        var top = LineAddress(chapter: last, line: max(0, count - rows))
        if top.line + 1 < count && layouts.lines(ofChapter: last)[top.line].flags.contains(.blank) { top.line += 1 }
        return Self.outsidePicture(top, forward: true, rows: rows, in: layouts)
    }

    /// Puts `address` at the top of the screen (a row inside a picture: at most its last
    /// top, the rows above it in `pictureRowSkip`).
    public mutating func setTop(_ address: LineAddress, in layouts: ChapterLayouts) {
        let lines = layouts.lines(ofChapter: address.chapter)
        pictureRowSkip = 0
        if lines.isEmpty {
            anchor = layouts.content.chapters[address.chapter].range.lowerBound
        } else {
            let line = min(address.line, lines.count - 1)
            anchor = lines[line].start
            pictureRowSkip = lines.pictureTop(for: line, rows: rows) - lines.firstPictureRow(of: line)
        }
    }

    /// Jumps so that the line containing `offset` is at the top; the anchor becomes `offset`
    /// itself, so a later relayout keeps exactly that text in view (a picture from its top).
    public mutating func jump(to offset: ByteOffset) {
        anchor = offset
        pictureRowSkip = 0
    }
}

/// A page turn down, remembered to turn back to exactly the page that was left.
struct PageTurn: Hashable {
    /// Where the screen was before the turn.
    var from: PagerPlace
    /// Where it was after it.
    var to: PagerPlace
}
