import TextContent

/// Fits one block's text into lines of at most `options.width` cells (greedy, first fit).
///
/// The text is taken one *segment* at a time — the run between two consecutive UAX #14
/// break opportunities — whose width is summed in a tight loop over grapheme clusters.
/// A segment that fits is added to the line; one that does not starts a new line; one
/// wider than the whole column is cut at grapheme boundaries (an emergency break).
/// Spaces and tabs at the end of a line hang: they belong to the line but do not count
/// against the width. Scratch buffers are reused from block to block.
struct LineFitter {
    let options: LayoutOptions
    /// Break opportunities of the current block, encoded (offset << 1) | mandatory.
    private var breaks: [Int] = []

    init(options: LayoutOptions) {
        self.options = options
        breaks.reserveCapacity(1024)
    }

    @inline(__always) private static func hangs(_ b: UInt8, preformatted: Bool) -> Bool {
        b == 0x0A || (!preformatted && (b == 0x20 || b == 0x09))
    }

    /// Lays out `text` (a block or the part of it inside the laid-out range) whose first
    /// byte is at book offset `base`.
    mutating func fit(_ text: UnsafeBufferPointer<UInt8>, base: Int, block: Block, continuesBlock: Bool,
                      into lines: inout LineCollection) {
        let n = text.count
        guard n > 0 else { return }
        let width = options.width
        let (firstIndent, restIndent) = BlockPresentation.indents(for: block, options: options)
        let kind = block.kind
        let tabWidth = options.tabWidth
        let preformatted = kind == .preformatted

        if preformatted {
            // Only hard breaks (LF); long lines wrap at grapheme boundaries.
            breaks.removeAll(keepingCapacity: true)
            for i in 0..<n where text[i] == 0x0A { breaks.append(((i + 1) << 1) | 1) }
            if breaks.last.map({ $0 >> 1 }) != n { breaks.append((n << 1) | 1) }
        } else {
            LineBreaks.collect(text, style: options.lineBreakStyle, into: &breaks)
            if breaks.last.map({ $0 >> 1 }) != n { breaks.append((n << 1) | 1) }
        }

        var lineStart = 0
        var indent = continuesBlock ? restIndent : firstIndent
        var available = max(1, width - indent)
        var col = 0          // cells used on the line, hanging spaces included
        var visible = 0      // cells up to the end of the last non-hanging cluster
        var isFirstLine = !continuesBlock

        @inline(__always) func emit(_ end: Int, _ lineWidth: Int, _ extra: LineFlags) {
            var flags = extra
            if isFirstLine && !continuesBlock { flags.insert(.blockStart) }
            if end >= n { flags.insert(.blockEnd) }
            lines.append(start: base + lineStart, length: end - lineStart, width: lineWidth, indent: indent,
                         kind: kind, flags: flags)
            lineStart = end
            isFirstLine = false
            indent = restIndent
            available = max(1, width - indent)
            col = 0
            visible = 0
        }

        /// Cuts `[start, end)` — a run with no break opportunity, wider than the column —
        /// at grapheme boundaries; the remainder stays on the current line.
        func emergencySplit(from start: Int, to end: Int) {
            var cursor = GraphemeCursor(UnsafeBufferPointer(rebasing: text[0..<end]), start: start)
            var position = start
            while let (next, clusterWidth) = cursor.next() {
                let first = text[position]
                var w = clusterWidth
                if first == 0x09 { w = tabWidth - (col % tabWidth) }
                let hangs = Self.hangs(first, preformatted: preformatted)
                if !hangs && w > 0 && col + w > available && position > lineStart {
                    emit(position, visible, .emergencyBreak)
                }
                col += w
                if !hangs { visible = col }
                if !hangs && w > available && position == lineStart {
                    // One cluster wider than the whole column (a wide glyph at width 1):
                    // it gets a line of its own.
                    emit(next, visible, .overwide)
                }
                position = next
            }
        }

        var cursor = GraphemeCursor(text)
        var segmentStart = 0
        for entry in breaks {
            let segmentEnd = entry >> 1
            if segmentEnd <= segmentStart { continue }  // an opportunity inside a cluster already passed
            // Measure the segment from the current column.
            var segmentCol = 0
            var segmentVisible = 0
            var sawTab = false
            var position = segmentStart
            // ASCII fast path: a printable ASCII byte followed by ASCII is a one-cell cluster
            // (UAX #29: no ASCII character extends or joins the one before it).
            while position < segmentEnd {
                let b = text[position]
                guard b &- 0x20 < 0x5F, position + 1 == n || text[position + 1] < 0x80 else { break }
                segmentCol += 1
                if b != 0x20 || preformatted { segmentVisible = segmentCol }
                position += 1
            }
            if position != segmentStart { cursor.move(to: position) }
            while position < segmentEnd, let (end, clusterWidth) = cursor.next() {
                let first = text[position]
                var w = clusterWidth
                if first == 0x09 {
                    w = tabWidth - ((col + segmentCol) % tabWidth)
                    sawTab = true
                }
                segmentCol += w
                if !Self.hangs(first, preformatted: preformatted) { segmentVisible = segmentCol }
                position = end
            }
            let end = position
            if col + segmentVisible > available {
                // It does not fit: start a new line with it (if the line holds anything).
                if lineStart < segmentStart {
                    emit(segmentStart, visible, [])
                    if sawTab {
                        (segmentCol, segmentVisible) = measure(text, from: segmentStart, to: end, column: 0,
                                                               preformatted: preformatted)
                    }
                }
                if segmentVisible > available {
                    // Wider than the whole column: cut at grapheme boundaries.
                    emergencySplit(from: segmentStart, to: end)
                    segmentStart = end
                    if entry & 1 == 1 && end > lineStart { emit(end, visible, end < n ? .hardBreak : []) }
                    continue
                }
            }
            if segmentVisible > 0 { visible = col + segmentVisible }
            col += segmentCol
            segmentStart = end
            if entry & 1 == 1 && end > lineStart {
                emit(end, visible, end < n ? .hardBreak : [])
            }
        }
        if lineStart < n { emit(n, visible, []) }
    }

    /// Cells from `start` to `end` (cluster boundaries) starting at `column`, and the cells
    /// up to the last non-hanging cluster.
    private func measure(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, column: Int,
                         preformatted: Bool) -> (Int, Int) {
        var cursor = GraphemeCursor(UnsafeBufferPointer(rebasing: text[0..<end]), start: start)
        var position = start
        var col = 0
        var visible = 0
        while let (next, width) = cursor.next() {
            let first = text[position]
            var w = width
            if first == 0x09 { w = options.tabWidth - ((column + col) % options.tabWidth) }
            col += w
            if !Self.hangs(first, preformatted: preformatted) { visible = col }
            position = next
        }
        return (col, visible)
    }
}
