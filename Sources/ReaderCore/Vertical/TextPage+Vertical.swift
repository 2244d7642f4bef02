import Screen
import TextContent
import TextLayout

extension TextPage {
    /// The vertical page on screen for `context` (issue #23): `context.verticalPage`'s
    /// columns placed as `VerticalGrid` places them — two cells each, one of gap, the
    /// first at the right edge of the text column — one `PageLine` a row, each cell with
    /// its search match, highlight, the inline styles of its first byte and whether it is
    /// in the selected link (a reading's cells and list markers: none of these).
    init(composingVertical context: ReadingContext) {
        guard let page = context.verticalPage else {
            self.init(lines: [])
            return
        }
        let width = context.textWidth, height = context.textRows
        if let picture = page.picture, let shown = Self.verticalPicture(picture, context: context) {
            self.init(lines: (0..<height).map { _ in PageLine(start: page.start, kind: .image) }, pictures: [shown])
            return
        }
        let span = context.verticalSpan
        let runs = context.content.styleRuns(intersecting: span)
        let matches = context.search?.matches(overlapping: span) ?? []
        let highlights = context.highlights.filter { $0.range.lowerBound < span.upperBound && $0.range.upperBound > span.lowerBound }
        // Paced reveal: only cells that start before the revealed offset (a reading's, once its base is).
        let revealed = context.reveal?.revealed ?? ByteOffset(Int.max)
        var rows = (0..<height).map { _ in PageLine(start: page.start, kind: .paragraph) }
        for (k, column) in page.columns.enumerated() {
            let x = width - 2 - k * VerticalGrid.columnPitch
            guard x >= 0 else { break }
            for (r, cell) in column.cells.enumerated() where column.indent + r < height {
                let at = ByteOffset(cell.range.lowerBound)
                guard cell.isReading || cell.range.isEmpty ? at <= revealed : at < revealed else { continue }
                let match: MatchKind = context.currentMatch?.contains(at) == true ? .current
                    : matches.contains { $0.contains(at) } ? .match : .none
                let text = !cell.isReading && !cell.range.isEmpty
                let highlight = text ? highlights.first { $0.range.contains(at) }?.color : nil
                let selected = text && (context.selectedLink?.contains(at) ?? false || context.selection?.range.contains(at) ?? false)
                let cellWidth = min(2, max(1, CellWidth.of(cell.text)))
                rows[column.indent + r].clusters.append(PageCluster(grapheme: PackedGrapheme(cell.text), column: x, width: cellWidth,
                                                                    styles: text ? InlineStyles(at: at, runs: runs) : InlineStyles(),
                                                                    match: text ? match : .none, isSelected: selected,
                                                                    highlight: highlight))
            }
        }
        for i in rows.indices { rows[i].clusters.sort { $0.column < $1.column } }   // display order
        self.init(lines: rows)
    }

    /// A picture page's picture: the image sized to the text area by the pager's sizing,
    /// centred on it (nil when it cannot be sized: the placeholder's columns are shown).
    private static func verticalPicture(_ offset: ByteOffset, context: ReadingContext) -> PagePicture? {
        guard let image = context.content.image(at: offset), let sizing = context.layouts.pictureSizing,
              let box = sizing(image, context.textWidth, context.textRows) else { return nil }
        let columns = min(box.columns, context.textWidth), rows = min(box.rows, context.textRows)
        return PagePicture(source: image.source, offset: offset, row: (context.textRows - rows) / 2,
                           column: (context.textWidth - columns) / 2, columns: columns, rows: rows, visibleRows: rows)
    }
}
