import TextContent

/// Fits one block's text into lines of at most `options.width` cells (greedy, first fit).
///
/// Scratch buffers are reused from block to block; results go into a `LineCollection`.
struct LineFitter {
    let options: LayoutOptions
    /// Break opportunities of the current block, encoded (offset << 1) | mandatory.
    private var breaks: [Int] = []

    init(options: LayoutOptions) {
        self.options = options
        breaks.reserveCapacity(1024)
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
            // Only hard breaks (LF); everything else wraps at grapheme boundaries.
            breaks.removeAll(keepingCapacity: true)
            for i in 0..<n where text[i] == 0x0A { breaks.append(((i + 1) << 1) | 1) }
            if breaks.last.map({ $0 >> 1 }) != n { breaks.append((n << 1) | 1) }
        } else {
            LineBreaks.collect(text, style: options.lineBreakStyle, into: &breaks)
        }

        var lineStart = 0
        var indent = continuesBlock ? restIndent : firstIndent
        var available = max(1, width - indent)
        var col = 0                 // cells used since lineStart, hanging spaces included
        var visibleCol = 0          // cells up to the end of the last non-space cluster
        var lastBreak = -1          // last soft opportunity after lineStart
        var visibleAtBreak = 0      // visibleCol at lastBreak
        var colAtBreak = 0          // col at lastBreak
        var breakIndex = 0
        var isFirstLine = !continuesBlock
        var nextBreak = breaks.isEmpty ? Int.max : breaks[0] >> 1

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
        }

        var cursor = GraphemeCursor(text)
        var position = 0
        var sawTab = false
        while true {
            // Break opportunities at `position` (the start of the next cluster).
            while nextBreak <= position {
                let mandatory = breaks[breakIndex] & 1 == 1
                if nextBreak == position && position > lineStart {
                    if mandatory {
                        emit(position, visibleCol, position < n ? .hardBreak : [])
                        col = 0; visibleCol = 0; lastBreak = -1
                    } else {
                        lastBreak = position
                        visibleAtBreak = visibleCol
                        colAtBreak = col
                    }
                }
                breakIndex += 1
                nextBreak = breakIndex < breaks.count ? breaks[breakIndex] >> 1 : Int.max
            }
            guard let (end, clusterWidth) = cursor.next() else { break }
            let first = text[position]
            var w = clusterWidth
            // Spaces and tabs hang at the end of a line (not in preformatted text).
            let isSpace = first == 0x0A || (!preformatted && (first == 0x20 || first == 0x09))
            if first == 0x09 {
                w = tabWidth - (col % tabWidth)
                sawTab = true
            }
            if !isSpace && w > 0 && col + w > available {
                // Overflow: break at the last opportunity, or cut here.
                if lastBreak > lineStart {
                    emit(lastBreak, visibleAtBreak, [])
                    if sawTab {
                        // Tab stops are relative to the line start: measure the carried-over part again.
                        (col, visibleCol) = measure(text, from: lineStart, to: position, preformatted: preformatted)
                        if first == 0x09 { w = tabWidth - (col % tabWidth) }
                    } else {
                        col -= colAtBreak
                        visibleCol = max(0, visibleCol - colAtBreak)
                    }
                    lastBreak = -1
                }
                while col + w > available && position > lineStart {
                    // Still too wide (a long run with no opportunity): cut at a grapheme boundary.
                    emit(position, visibleCol, .emergencyBreak)
                    col = 0; visibleCol = 0; lastBreak = -1
                }
            }
            col += w
            if !isSpace { visibleCol = col }
            if w > available && position == lineStart && !isSpace {
                // A cluster wider than the whole column (width 1, wide glyph): it gets a line of its own.
                lastBreak = -1
                position = end
                emit(end, visibleCol, .overwide)
                col = 0; visibleCol = 0
                continue
            }
            position = end
        }
        if lineStart < n {
            emit(n, visibleCol, [])
        }
    }

    /// Cells from `start` to `end` (cluster boundaries), and cells up to the last non-space.
    private func measure(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
                         preformatted: Bool) -> (Int, Int) {
        var cursor = GraphemeCursor(UnsafeBufferPointer(rebasing: text[0..<end]), start: start)
        var position = start
        var col = 0
        var visible = 0
        while let (next, width) = cursor.next() {
            let first = text[position]
            var w = width
            if first == 0x09 { w = options.tabWidth - (col % options.tabWidth) }
            col += w
            let isSpace = first == 0x0A || (!preformatted && (first == 0x20 || first == 0x09))
            if !isSpace { visible = col }
            position = next
        }
        return (col, visible)
    }
}
