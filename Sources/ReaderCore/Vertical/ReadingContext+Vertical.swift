import TextContent
import TextLayout

/// Vertical text in the pager (issue #23, docs/VERTICAL.md): `V` switches; the reading
/// position stays the byte offset it was (the top line's start, or the first cell of the
/// top-right column), so switching back and forth keeps the place. Pages turn to the left
/// (`turnsRightToLeft`); a line scroll (j/k, the wheel) turns a whole page.
extension ReadingContext {
    /// Whether the text is set in vertical columns.
    public var isVertical: Bool { writingMode == .vertical }

    /// The vertical pages for the screen as it is now.
    var verticalLayouts: VerticalLayouts {
        let height = textRows, columns = VerticalGrid.columnsPerPage(width: textWidth)
        let readings = layouts.options.ruby != .off
        if let store = verticalStore {
            store.setSize(height: height, columnsPerPage: columns, readings: readings)
            store.showsPictures = layouts.pictureSizing != nil
            return store
        }
        let store = VerticalLayouts(content: content, height: height, columnsPerPage: columns)
        store.source = verticalSource
        store.showsPictures = layouts.pictureSizing != nil
        store.setSize(height: height, columnsPerPage: columns, readings: readings)
        verticalStore = store
        return store
    }

    /// The vertical page showing the reading position: its right-hand column holds it.
    var verticalPage: VerticalPage? { verticalLayouts.page(at: pager.anchor) }

    /// The settings key the mode is remembered under for the book (and the config key).
    public static let writingModeKey = "writing-mode"

    /// Switches between lines and columns, keeping the reading position; the choice is
    /// remembered for the book. A paced reveal goes on, on the new page (what was revealed
    /// stays revealed).
    func toggleWritingMode() {
        writingMode = isVertical ? .horizontal : .vertical
        followsChapterModes = false
        settings.changed[Self.writingModeKey] = writingMode.rawValue
        selection = nil
        selectedLink = nil
        message = isVertical ? "Vertical text: ← or Space for the next page, → or b for the previous; V for lines" : "Horizontal text"
    }

    /// Sets the mode from the settings panel: `auto` follows the chapters (the book's
    /// mode, a mixed book's chapters each their own), else one mode; recorded for the book.
    func setWritingMode(_ value: String) {
        if value == "auto" {
            followChapterModes()
        } else {
            followsChapterModes = false
            writingMode = WritingMode(rawValue: value) ?? .horizontal
        }
        settings.changed[Self.writingModeKey] = value
        selectedLink = nil
        message = "Writing: \(value)"
    }

    /// Turns `by` vertical pages (negative: back); at either end of the book nothing moves.
    func turnVerticalPage(by delta: Int) {
        guard let start = verticalLayouts.turn(delta, from: pager.anchor) else { return }
        pager.jump(to: start)
    }

    // MARK: Cells

    /// The bytes the vertical page shows, from its first text cell to its last.
    var verticalSpan: ByteRange {
        guard let page = verticalPage else { return ByteRange(pager.anchor, pager.anchor) }
        let cells = page.columns.flatMap(\.cells).filter { !$0.range.isEmpty }
        return ByteRange(cells.first.map { ByteOffset($0.range.lowerBound) } ?? page.start,
                         cells.last.map { ByteOffset($0.range.upperBound) } ?? page.start)
    }

    /// The offset of the text cell of the vertical page drawn at a screen cell (either
    /// half of a column), or nil (the gap, a reading, a list marker, off the text).
    func verticalOffset(atRow row: Int, column: Int) -> ByteOffset? {
        guard let page = verticalPage, row >= 0, row < textRows else { return nil }
        let fromRight = textWidth - 2 - (column - geometry.textLeft)   // 0 or -1 on the first column
        guard fromRight >= -1 else { return nil }
        let k = (fromRight + 1) / VerticalGrid.columnPitch
        guard (fromRight + 1) % VerticalGrid.columnPitch < 2, k < page.columns.count else { return nil }
        let c = page.columns[k], r = row - c.indent
        guard r >= 0, r < c.cells.count, !c.cells[r].range.isEmpty, !c.cells[r].isReading else { return nil }
        return ByteOffset(c.cells[r].range.lowerBound)
    }

    /// The screen cell of the first cell of `range` on the vertical page, or nil.
    func verticalCell(of range: ByteRange) -> (row: Int, column: Int)? {
        guard let page = verticalPage else { return nil }
        for (k, column) in page.columns.enumerated() {
            for (r, cell) in column.cells.enumerated() where !cell.range.isEmpty && column.indent + r < textRows {
                if cell.range.upperBound > range.lowerBound.rawValue && cell.range.lowerBound < range.upperBound.rawValue {
                    return (column.indent + r, geometry.textLeft + textWidth - 2 - k * VerticalGrid.columnPitch)
                }
            }
        }
        return nil
    }

    // MARK: Visual mode

    /// The cell at the head's row in the next column (on the left) or the one before,
    /// across chapters; the column's last text cell when it is shorter.
    func clusterInNextColumn(from head: ByteRange, forward: Bool) -> ByteRange? {
        let layouts = verticalLayouts
        guard var chapter = content.chapterIndex(containing: head.lowerBound) else { return nil }
        var columns = layouts.columns(ofChapter: chapter)
        guard var k = columns.firstIndex(where: { $0.cells.contains { !$0.isReading && $0.range.contains(head.lowerBound.rawValue) } })
        else { return nil }
        let row = columns[k].indent + (columns[k].cells.firstIndex { $0.range.contains(head.lowerBound.rawValue) } ?? 0)
        while true {
            k += forward ? 1 : -1
            while !columns.indices.contains(k) {   // into the next (or previous) chapter
                chapter += forward ? 1 : -1
                guard chapter >= 0, chapter < content.chapters.count else { return nil }
                columns = layouts.columns(ofChapter: chapter)
                k = forward ? 0 : columns.count - 1
            }
            let text = columns[k].cells.enumerated().filter { !$0.element.isReading && !$0.element.range.isEmpty }
            guard let first = text.first else { continue }   // an empty column (after a heading)
            let hit = text.last { columns[k].indent + $0.offset <= row } ?? first
            return cluster(at: ByteOffset(hit.element.range.lowerBound))
        }
    }

    /// Turns vertical pages (up to three) until `offset` is on the page, or jumps to it.
    func keepOnVerticalPage(_ offset: ByteOffset) {
        for _ in 0..<3 {
            let span = verticalSpan
            if span.contains(offset) || (span.isEmpty && span.lowerBound == offset) { return }
            let before = pager.anchor
            turnVerticalPage(by: offset < span.lowerBound ? -1 : 1)
            if pager.anchor == before { return }
        }
        if !verticalSpan.contains(offset) { pager.jump(to: offset) }
    }
}
