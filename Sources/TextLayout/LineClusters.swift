import TextContent
import UnicodeData

/// One grapheme cluster of a laid-out line, placed on the screen.
public struct PlacedCluster: Hashable, Sendable {
    /// The cluster's bytes in the book.
    public var range: ByteRange
    /// Column of its first cell, counted from the start of the text column (indent included).
    public var column: Int
    /// Cells it covers (0 for invisible clusters such as a final line feed).
    public var width: Int
    /// Whether it is a space or tab: draw blanks, not the bytes.
    public var isBlank: Bool
    /// What to show instead of the bytes, or nil: Arabic presentation forms (shaping), the
    /// mirrored glyph of a bracket in a right-to-left run (UAX #9 L4); "" (with width 0)
    /// for an alef drawn inside the lam-alef ligature of the cluster before it.
    public var text: String?
    /// A character of an inline reading (`RubyMode.inline`: `（かんじ）`), which is no byte
    /// of the book: `range` is empty, at its base's end; `text` is what to draw.
    public var isReading: Bool

    /// Creates a placed cluster.
    public init(range: ByteRange, column: Int, width: Int, isBlank: Bool, text: String? = nil, isReading: Bool = false) {
        self.range = range
        self.column = column
        self.width = width
        self.isBlank = isBlank
        self.text = text
        self.isReading = isReading
    }
}

extension TextLayout {
    /// Calls `body` for each visible cluster of `line`, in logical (memory) order, with its
    /// column as a left-to-right line would have it. (`forEachCluster` gives display order.)
    ///
    /// Tabs are expanded to the next tab stop; trailing hanging spaces (and invisible
    /// clusters after them) and the final line feed are left out; with `options.justify`,
    /// lines that end at a soft break are stretched to the column width by widening inner
    /// spaces; the cells of a table row start at their columns (`tableColumns(of:in:options:tables:)`);
    /// a line of a wrapped table draws a piece of each cell at its column (`TableGrid`),
    /// left to right whatever the table's direction.
    ///
    /// Pass the same `tables` cache for the lines of one book (see `TableColumnCache`).
    public static func forEachLogicalCluster(of line: Line, in content: TextContent, options: LayoutOptions,
                                             tables: TableColumnCache? = nil,
                                             _ body: (PlacedCluster) -> Void) {
        if let (grid, row, k) = tableGridLine(of: line, in: content, options: options, tables: tables) {
            TableGridPlacement.place(line: k, of: row, grid: grid, in: content, options: options, indent: line.indent,
                                     mirrored: false, bidi: nil, body)
            return
        }
        let columns = tableColumns(of: line, in: content, options: options, tables: tables)
        forEachLogicalCluster(of: line, in: content, options: options, columns: columns, body)
    }

    /// `forEachLogicalCluster` with the table columns to place the cells on (nil: none).
    static func forEachLogicalCluster(of line: Line, in content: TextContent, options: LayoutOptions,
                                      columns: TableColumns?, _ body: (PlacedCluster) -> Void) {
        guard line.length > 0 else { return }
        content.bytes.withUnsafeBufferPointer { all in
            let lower = line.start.rawValue
            let text = UnsafeBufferPointer(rebasing: all[lower..<(lower + line.length)])
            // Visible end: drop a final LF and hanging spaces.
            var end = text.count
            let hangs = line.kind != .preformatted
            while end > 0 && (text[end - 1] == 0x0A || (hangs && (text[end - 1] == 0x20 || text[end - 1] == 0x09))) { end -= 1 }
            // A space after a Prepend character is part of its cluster (GB9b), not a lone
            // hanging space: the fitter counts it, so it is drawn (found by fuzzing: U+0605 + space).
            if end > 0 && end < text.count && text[end] == 0x20 && Self.endsWithPrepend(text, at: end) { end += 1 }
            let visible = UnsafeBufferPointer(rebasing: text[0..<end])

            let (extra, gaps) = justification(of: line, visible: visible, options: options)
            let readings = LineReadings(line: line, in: content, options: options)
            var cell = 0          // the table cell the walk is in
            var skipUntil = 0     // the end of the last cell separator

            var cursor = GraphemeCursor(visible)
            var position = 0
            var col = 0
            var gapIndex = 0
            // Blanks and invisible clusters are held back until a visible cluster follows:
            // at the end of the line they hang (as the fitter measured the line), even when
            // an invisible format character comes after the spaces.
            var held: [PlacedCluster] = []
            while let (clusterEnd, w) = cursor.next() {
                let first = visible[position]
                var width = w
                var blank = false
                if first == 0x09 {
                    width = options.tabWidth - (col % options.tabWidth)
                    blank = true
                } else if first == 0x20 && clusterEnd - position == 1 {
                    blank = true
                    if let columns, position >= skipUntil, cell + 1 < columns.widths.count,
                       TableColumns.isSeparator(at: position, in: visible) {
                        // Pad the cell to its column's width: the separator follows the column.
                        width += max(0, columns.start(ofColumn: cell) + columns.widths[cell] - col)
                        cell += 1
                        skipUntil = position + TableColumns.separatorWidth
                    } else if gaps > 0 && position > 0 && visible[position - 1] != 0x20 {
                        width += Self.justifiedExtra(gap: gapIndex, of: gaps, extra: extra, mirrored: line.start.rawValue & 1 == 1)
                        gapIndex += 1
                    }
                } else if first == 0x0A {
                    width = 0
                    blank = true
                }
                let placed = PlacedCluster(range: ByteRange(lower + position, lower + clusterEnd),
                                           column: line.indent + col, width: width, isBlank: blank)
                if hangs && (blank || width == 0) {
                    held.append(placed)
                } else {
                    held.forEach(body)
                    held.removeAll(keepingCapacity: true)
                    body(placed)
                }
                col += width
                position = clusterEnd
                if !readings.isEmpty {
                    // (The spacing after a base is drawn even at the line's end: the
                    // fitter counted it, and the row above may use it.)
                    for placed in readings.clusters(after: lower + clusterEnd, column: line.indent + col) {
                        held.forEach(body)
                        held.removeAll(keepingCapacity: true)
                        body(placed)
                        col += placed.width
                    }
                }
            }
            // A hyphenated line (a hyphenation point, or a soft hyphen used as a break)
            // shows a hyphen after its last cluster: a cell of no bytes.
            if line.flags.contains(.hyphen) {
                body(PlacedCluster(range: ByteRange(lower + line.length, lower + line.length), column: line.indent + col,
                                   width: 1, isBlank: false, text: "-"))
            }
        }
    }

    /// The cells to add to a justified line and the gaps (spaces after a non-space) to
    /// spread them over: (0, 0) for a line that is not justified.
    static func justification(of line: Line, visible: UnsafeBufferPointer<UInt8>, options: LayoutOptions) -> (extra: Int, gaps: Int) {
        let justifiable: Set<BlockKind> = [.paragraph, .blockquote, .footnote, .listItem]
        guard options.justify && !line.flags.contains(.blockEnd) && !line.flags.contains(.hardBreak)
            && !line.flags.contains(.emergencyBreak) && justifiable.contains(line.kind) else { return (0, 0) }
        var gaps = 0
        var i = 0
        while i < visible.count { if visible[i] == 0x20 && i > 0 && visible[i - 1] != 0x20 { gaps += 1 }; i += 1 }
        return (max(0, options.width - line.indent - line.width), gaps)
    }

    /// The cells gap `gap` (of `gaps`) of a justified line gets of its `extra`: each gets
    /// `extra / gaps`, and the remainder goes to gaps spread evenly across the line (every
    /// `gaps / remainder`-th), counted from the right on `mirrored` lines, so wider gaps
    /// neither pile up at one end nor line up in a column down the paragraph.
    static func justifiedExtra(gap: Int, of gaps: Int, extra: Int, mirrored: Bool) -> Int {
        let remainder = extra % gaps
        let i = mirrored ? gaps - 1 - gap : gap
        // Bresenham: gap i gets one more when (i + 1) * r / g steps up.
        let more = (i + 1) * remainder / gaps > i * remainder / gaps ? 1 : 0
        return extra / gaps + more
    }

    /// Whether the scalar that ends at byte `end` of `text` is Grapheme_Cluster_Break=Prepend.
    static func endsWithPrepend(_ text: UnsafeBufferPointer<UInt8>, at end: Int) -> Bool {
        var start = end - 1
        while start > 0 && text[start] & 0xC0 == 0x80 { start -= 1 }
        guard let base = text.baseAddress else { return false }
        let scalar = UTF8Scalar.decode(base, start, end).value
        return UnicodeProperties.shared.record(scalar).graphemeBreak == .prepend
    }
}
