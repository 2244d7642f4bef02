import TextContent
import UnicodeData

/// Fits one block's text into lines of at most `options.width` cells (greedy, first fit).
///
/// The text is taken one *segment* at a time — the run between two consecutive UAX #14
/// break opportunities. A segment whose byte count fits in the room left on the line is
/// accepted without measuring it (no cluster has more cells than bytes, see
/// `LineFittingTests.testNoScalarHasMoreCellsThanBytes`); the run of accepted segments is
/// measured in one walk over its grapheme clusters only when the line gets close to full.
/// A segment that does not fit starts a new line; one wider than the whole column is cut
/// at grapheme boundaries (an emergency break). Spaces and tabs at the end of a line
/// hang: they belong to the line but do not count against the width.
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
    /// `units`: the slice's ruby bases (kept on one line, their readings' cells added).
    mutating func fit(_ text: UnsafeBufferPointer<UInt8>, base: Int, block: Block, continuesBlock: Bool,
                      units: RubyUnits? = nil, into lines: inout LineCollection) {
        let n = text.count
        guard n > 0 else { return }
        let preformatted = block.kind == .preformatted
        Self.collectBreaks(text, preformatted: preformatted, style: options.lineBreakStyle, into: &breaks)
        var state = BlockFit(text: text, base: base, block: block, options: options, continuesBlock: continuesBlock)
        // A tab's width depends on its column, so blocks with tabs are measured eagerly.
        let eager = preformatted || Self.containsTab(text)
        if var units {
            units.suppressBreaks(in: &breaks)
            state.setUnits(units)
            fitSegments(&state, eager: eager, extras: &units, into: &lines)
        } else {
            var none = NoExtraCells()
            fitSegments(&state, eager: eager, extras: &none, into: &lines)
        }
    }

    /// The first-fit loop over `breaks`; `extras` are the cells ruby readings add (a
    /// generic, so text without ruby runs a copy of the loop with none of their tests).
    @inline(__always)
    private func fitSegments<E: ExtraCells>(_ state: inout BlockFit, eager: Bool, extras: inout E, into lines: inout LineCollection) {
        let n = state.n
        var segmentStart = 0
        for entry in breaks {
            let segmentEnd = entry >> 1
            if segmentEnd <= max(segmentStart, state.measured) { continue }  // inside a walked cluster
            let mandatory = entry & 1 == 1
            // Fits for sure: accept now, measure the run later in one walk.
            if !eager && !mandatory
                && state.col + (segmentEnd - state.measured) + extras.cells(after: state.measured, upTo: segmentEnd) <= state.available {
                segmentStart = segmentEnd
                continue
            }
            if state.measured < segmentStart {
                let pending = state.walk(to: segmentStart, column: state.col)
                if pending.visible > 0 { state.visible = state.col + pending.visible }
                state.col += pending.cells
            }
            segmentStart = state.measured
            if segmentEnd <= segmentStart { continue }
            // With the column exact again, the bound may accept the segment after all
            // (text of 2–3 bytes a cell halves the unknown room at each step).
            if !eager && !mandatory
                && state.col + (segmentEnd - segmentStart) + extras.cells(after: segmentStart, upTo: segmentEnd) <= state.available {
                segmentStart = segmentEnd
                continue
            }
            var (segmentCol, segmentVisible, sawTab) = state.walk(to: segmentEnd, column: state.col)
            let end = state.measured
            if state.col + segmentVisible > state.available {
                // It does not fit: start a new line with it (if the line holds anything).
                if state.lineStart < segmentStart {
                    state.emit(segmentStart, [], into: &lines)
                    if sawTab {
                        (segmentCol, segmentVisible) = state.measure(from: segmentStart, to: end)
                    }
                }
                if segmentVisible > state.available {
                    // Wider than the whole column: cut at grapheme boundaries.
                    state.emergencySplit(from: segmentStart, to: end, into: &lines)
                    segmentStart = end
                    if mandatory && end > state.lineStart { state.emit(end, end < n ? .hardBreak : [], into: &lines) }
                    continue
                }
            }
            if segmentVisible > 0 { state.visible = state.col + segmentVisible }
            state.col += segmentCol
            segmentStart = end
            if mandatory && end > state.lineStart {
                state.emit(end, end < n ? .hardBreak : [], into: &lines)
            }
        }
        if state.lineStart < n { state.emit(n, [], into: &lines) }
    }
}

/// The cells something adds to a slice's text between two offsets (ruby readings).
protocol ExtraCells {
    /// The cells added in `(from, to]` (mutating: a lookup may remember where it ended).
    mutating func cells(after from: Int, upTo to: Int) -> Int
}

/// None: text without ruby.
struct NoExtraCells: ExtraCells {
    @inline(__always) func cells(after from: Int, upTo to: Int) -> Int { 0 }
}

extension RubyUnits: ExtraCells {}

/// The state of fitting one block: the current line and the cluster cursor.
struct BlockFit {
    let text: UnsafeBufferPointer<UInt8>
    let n: Int
    let base: Int
    let kind: BlockKind
    let width: Int
    let tabWidth: Int
    let restIndent: Int
    let preformatted: Bool
    let marksBlockStart: Bool

    /// Start of the current line.
    var lineStart = 0
    /// Cells used on the line, hanging spaces included.
    var col = 0
    /// Cells up to the end of the last non-hanging cluster on the line.
    var visible = 0
    /// Indent and room of the current line.
    var indent: Int
    var available: Int
    var isFirstLine = true
    /// The cursor's position: `col` and `visible` are exact up to here.
    var measured = 0
    var cursor: GraphemeCursor
    /// Whether the block has been "simple" text so far (see `walkSimple`).
    var simple = true
    /// The slice's ruby bases: the cells their readings add after them.
    private(set) var units: RubyUnits?
    /// Whether `units` has bases (a plain flag: the hot loops test it, not the arrays).
    private(set) var hasUnits = false

    /// Gives the fit the slice's ruby bases.
    mutating func setUnits(_ units: RubyUnits) {
        self.units = units
        hasUnits = true
    }
    /// For an end-aligned block (`BlockPlacement.endGap`): each line's indent is set at
    /// `emit` so that it ends at `width` (which leaves the gap out).
    var alignsEnd = false
    /// The first line emitted gets `.pageStart` (a block that starts a new page).
    var startsPage = false

    init(text: UnsafeBufferPointer<UInt8>, base: Int, kind: BlockKind, width: Int, tabWidth: Int,
         firstIndent: Int, restIndent: Int, marksBlockStart: Bool) {
        self.text = text
        self.n = text.count
        self.base = base
        self.kind = kind
        self.width = width
        self.tabWidth = tabWidth
        self.restIndent = restIndent
        self.preformatted = kind == .preformatted
        self.marksBlockStart = marksBlockStart
        self.indent = firstIndent
        self.available = max(1, width - firstIndent)
        self.cursor = GraphemeCursor(text)
    }

    /// The state at the start of a block's slice, with the block's indents; a slice that
    /// continues a block (the laid-out range starts inside it) has no first-line indent
    /// and no `blockStart` line.
    @inline(__always)
    init(text: UnsafeBufferPointer<UInt8>, base: Int, block: Block, options: LayoutOptions, continuesBlock: Bool) {
        let (firstIndent, restIndent) = BlockPresentation.indents(for: block, options: options)
        let gap = block.placement.endGap.map { min(Int($0), options.width / 2) }
        self.init(text: text, base: base, kind: block.kind, width: options.width - (gap ?? 0), tabWidth: options.tabWidth,
                  firstIndent: continuesBlock ? restIndent : firstIndent, restIndent: restIndent,
                  marksBlockStart: !continuesBlock)
        alignsEnd = gap != nil
        if !continuesBlock && block.placement.startsPage { startsPage = true }
    }

    /// The cells ruby readings add between slice offsets `from` and `to` (bases ending in
    /// `(from, to]`).
    @inline(__always) mutating func addedCells(_ from: Int, _ to: Int) -> Int {
        hasUnits ? units!.cells(after: from, upTo: to) : 0
    }

    /// Whether a cluster starting with byte `b`, `length` bytes long, hangs at a line end:
    /// a line feed, or (outside preformatted text) a lone space or tab. A space carrying a
    /// combining mark is visible.
    @inline(__always) func hangs(_ b: UInt8, _ length: Int = 1) -> Bool {
        b == 0x0A || (!preformatted && length == 1 && (b == 0x20 || b == 0x09))
    }

    /// Whether a cluster (first byte, length, width) makes the line visible up to its end:
    /// it does not hang, and it has a cell — outside preformatted text an invisible
    /// cluster (a format character such as U+200B or U+202B) after hanging spaces leaves
    /// them hanging (`TextLayout.forEachLogicalCluster` does not draw them either).
    @inline(__always) func showsUpTo(_ b: UInt8, _ length: Int, width: Int) -> Bool {
        !hangs(b, length) && (preformatted || width > 0)
    }

    /// Ends the current line at `end` (its width is `visible`) and starts the next.
    @inline(__always) mutating func emit(_ end: Int, _ extra: LineFlags, into lines: inout LineCollection) {
        var flags = extra
        if isFirstLine && marksBlockStart { flags.insert(.blockStart) }
        if isFirstLine && startsPage { flags.insert(.pageStart) }
        if end >= n { flags.insert(.blockEnd) }
        lines.append(start: base + lineStart, length: end - lineStart, width: visible,
                     indent: alignsEnd ? max(indent, width - visible) : indent, kind: kind, flags: flags)
        lineStart = end
        isFirstLine = false
        indent = restIndent
        available = max(1, width - restIndent)
        col = 0
        visible = 0
    }

    /// Walks the clusters from `measured` up to `end` (or just past it when `end` falls
    /// inside a cluster), starting at column `column`; returns the cells walked, the cells
    /// up to the last non-hanging cluster (0 if none) and whether a tab was seen.
    @inline(__always) mutating func walk(to end: Int, column: Int) -> (cells: Int, visible: Int, tab: Bool) {
        var cells = 0
        var lastVisible = 0
        var tab = false
        var position = measured
        // ASCII fast path: a printable ASCII byte followed by ASCII is a one-cell cluster
        // (UAX #29: no ASCII character extends or joins the one before it) — eight at a
        // time over long runs (`asciiWords`), then byte by byte.
        if end &- position >= 16 && text[position] &- 0x20 < 0x5F {
            let run = Self.asciiWords(text, from: position, to: end, preformatted: preformatted)
            if run.cells > 0 {
                if run.visible > 0 { lastVisible = run.visible }
                cells = run.cells
                position &+= run.cells
            }
        }
        while position < end {
            let b = text[position]
            guard b &- 0x20 < 0x5F, position + 1 == n || text[position + 1] < 0x80 else { break }
            cells += 1
            if b != 0x20 || preformatted { lastVisible = cells }
            position += 1
        }
        if simple && position < end {
            walkSimple(&position, to: end, column: column, cells: &cells, lastVisible: &lastVisible, tab: &tab)
        }
        if position != measured { cursor.move(to: position) }
        while position < end, let (next, clusterWidth) = cursor.next() {
            let first = text[position]
            var w = clusterWidth
            if first == 0x09 {
                w = tabWidth - ((column + cells) % tabWidth)
                tab = true
            }
            cells += w
            if showsUpTo(first, next - position, width: w) { lastVisible = cells }
            position = next
        }
        if hasUnits {
            let added = addedCells(measured, position)
            cells += added
            if lastVisible > 0 { lastVisible += added }
        }
        measured = position
        return (cells, lastVisible, tab)
    }

    /// `walk`'s ASCII fast path eight bytes at a time, from `start`: while the eight bytes
    /// are printable ASCII and the byte after them is ASCII too, eight one-cell clusters.
    /// Returns the cells (= bytes) taken and the cells up to the last one shown (0: none).
    /// Out of line, so that `walk` stays small for the short segments of CJK and Arabic.
    @inline(never)
    static func asciiWords(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
                           preformatted: Bool) -> (cells: Int, visible: Int) {
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        let n = text.count, base = UnsafeRawPointer(text.baseAddress!)
        var i = start, visible = 0
        while i &+ 8 <= end, i &+ 8 == n || text[i &+ 8] < 0x80 {
            let w = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            let x7F = w ^ (0x7F &* ones)
            guard w & high == 0, (w &- 0x20 &* ones) & ~w & high == 0, (x7F &- ones) & ~x7F & high == 0 else { break }
            let nonSpace = ((w ^ (0x20 &* ones)) &+ (0x7F &* ones)) & high   // bytes ≤ 0x5E after the xor: no carry
            if preformatted { visible = i &+ 8 &- start } else if nonSpace != 0 {
                visible = i &- start &+ (63 &- nonSpace.leadingZeroBitCount) / 8 &+ 1
            }
            i &+= 8
        }
        return (i &- start, visible)
    }

    /// Sums widths scalar by scalar while the text is "simple": bases of
    /// Grapheme_Cluster_Break Other with a width, zero-width Extend marks on them, and
    /// controls. For such text a cluster's width is its base's width, so no UAX #29 state
    /// is needed (Arabic with harakat, Hebrew with points, CJK, Latin with accents). At the
    /// first scalar that needs the full rules (emoji, ZWJ, regional indicators, Hangul
    /// jamo, Prepend, SpacingMark, a lone or wide mark) it rewinds to the start of the
    /// current cluster and leaves the rest of the block to `GraphemeCursor`.
    @inline(__always)
    mutating func walkSimple(_ position: inout Int, to end: Int, column: Int, cells: inout Int, lastVisible: inout Int,
                             tab: inout Bool) {
        guard let p = text.baseAddress else { return }
        let kinds = FitKind.table
        var clusterStart = position
        var cellsAtClusterStart = cells
        var visibleAtClusterStart = lastVisible
        var attachable = false   // an Extend mark may join the cluster before it
        var i = position
        var failed = false
        while i < end {
            let b0 = p[i]
            // Inline UTF-8 decoding of BMP scalars; anything else takes the full rules.
            let cp: Int, length: Int
            if b0 < 0x80 {
                cp = Int(b0); length = 1
            } else if b0 >= 0xC2 && b0 < 0xE0 && i + 1 < n {
                cp = Int(b0 & 0x1F) << 6 | Int(p[i + 1] & 0x3F); length = 2
            } else if b0 >= 0xE0 && b0 < 0xF0 && i + 2 < n {
                cp = Int(b0 & 0x0F) << 12 | Int(p[i + 1] & 0x3F) << 6 | Int(p[i + 2] & 0x3F); length = 3
            } else {
                failed = true; break
            }
            let k = kinds[cp]
            let w = Int(k & 3)
            switch k >> 2 {
            case FitKind.base:
                clusterStart = i; cellsAtClusterStart = cells; visibleAtClusterStart = lastVisible
                cells += w
                if b0 != 0x20 || preformatted { lastVisible = cells }
                attachable = true
            case FitKind.mark where attachable:
                // A zero-width mark on the base before it (GB9): no cells; it makes a space visible.
                lastVisible = cells
            case FitKind.control:
                // CR, LF, Control: clusters of their own (GB4, GB5).
                clusterStart = i; cellsAtClusterStart = cells; visibleAtClusterStart = lastVisible
                if b0 == 0x09 {
                    cells += tabWidth - ((column + cells) % tabWidth)
                    tab = true
                }
                if showsUpTo(b0, 1, width: b0 == 0x09 ? 1 : 0) { lastVisible = cells }
                attachable = false
            default:
                failed = true
            }
            if failed { break }
            i += length
        }
        if !failed && i < n {
            // At the end: a mark (or ZWJ, SpacingMark) after it would join the last cluster.
            let r = cursor.properties.record(UTF8Scalar.decode(p, i, n).value).raw
            let gcb = (r >> 6) & 0xF
            if gcb == 4 || gcb == 5 || gcb == 8 { failed = true }
        }
        if failed {
            simple = false
            // Rewind to the start of the cluster the failing scalar may belong to.
            if i > clusterStart && i < n {
                let r = cursor.properties.record(UTF8Scalar.decode(p, i, n).value).raw
                let gcb = (r >> 6) & 0xF
                if gcb == 4 || gcb == 5 || gcb == 8 {
                    i = clusterStart; cells = cellsAtClusterStart; lastVisible = visibleAtClusterStart
                }
            }
        }
        position = i
    }

    /// Cells of `[start, end)` from column 0, and the cells up to its last non-hanging
    /// cluster (a separate cursor: `measured` is not moved).
    mutating func measure(from start: Int, to end: Int) -> (Int, Int) {
        var c = GraphemeCursor(UnsafeBufferPointer(rebasing: text[0..<end]), start: start)
        var position = start
        var cells = 0
        var lastVisible = 0
        while let (next, w0) = c.next() {
            let first = text[position]
            let w = first == 0x09 ? tabWidth - (cells % tabWidth) : w0
            cells += w
            if showsUpTo(first, next - position, width: w) { lastVisible = cells }
            position = next
        }
        let added = addedCells(start, end)
        return (cells + added, lastVisible > 0 ? lastVisible + added : 0)
    }

    /// Cuts `[start, end)` — a run with no break opportunity, wider than the column — at
    /// grapheme boundaries; the remainder stays on the current line. A cut before closing
    /// punctuation (`EmergencyKinsoku`) is moved back so that the punctuation does not start
    /// the next line alone (`kinsokuCut`).
    mutating func emergencySplit(from start: Int, to end: Int, into lines: inout LineCollection) {
        var c = GraphemeCursor(UnsafeBufferPointer(rebasing: text[0..<end]), start: start)
        var position = start
        // The clusters this split placed on the current line: start, and `col`/`visible`
        // before it (col -1: the cluster may not start a line — it hangs or is a tab).
        var placed: [(start: Int, col: Int, visible: Int)] = []
        while let (next, clusterWidth) = c.next() {
            let first = text[position]
            var w = (first == 0x09 ? tabWidth - (col % tabWidth) : clusterWidth) + (hasUnits ? units!.cells(at: next) : 0)
            let hanging = hangs(first, next - position)
            if !hanging && w > 0 && col + w > available && position > lineStart {
                if let k = kinsokuCut(placed, at: position, width: w) {
                    let cut = placed[k]
                    let carried = (col: col - cut.col, visible: visible - cut.col)
                    visible = cut.visible
                    emit(cut.start, .emergencyBreak, into: &lines)
                    (col, visible) = carried
                    placed = placed[k...].map { ($0.start, $0.col < 0 ? -1 : $0.col - cut.col, max(0, $0.visible - cut.col)) }
                } else {
                    emit(position, .emergencyBreak, into: &lines)
                    placed.removeAll(keepingCapacity: true)
                }
                // A tab's width depends on its column, which the new line just reset
                // (found by fuzzing: a tab moved to a new line kept its old width).
                if first == 0x09 { w = tabWidth - (col % tabWidth) }
            }
            placed.append((position, hanging || first == 0x09 ? -1 : col, visible))
            col += w
            if !hanging { visible = col }
            if !hanging && w > available && position == lineStart {
                // One cluster wider than the whole column (a wide glyph at width 1): a line of its own.
                emit(next, .overwide, into: &lines)
                placed.removeAll(keepingCapacity: true)
            }
            position = next
        }
    }

    /// Where an emergency cut before the cluster at `position` (`width` cells) should go
    /// instead: the index in `placed` of the first of the clusters that move down with it,
    /// so that the next line does not start with closing punctuation — nil to cut at
    /// `position` (it may start a line, or no earlier cut keeps the line non-empty, or
    /// what moves down would not fit the next line).
    func kinsokuCut(_ placed: [(start: Int, col: Int, visible: Int)], at position: Int, width: Int) -> Int? {
        guard let p = text.baseAddress, EmergencyKinsoku.avoidsLineStart(p, position, n) else { return nil }
        var k = placed.count - 1
        while k >= 0 {
            let cluster = placed[k]
            guard cluster.col >= 0, cluster.start > lineStart else { return nil }
            if !EmergencyKinsoku.avoidsLineStart(p, cluster.start, n) {
                return col - cluster.col + width <= max(1, self.width - restIndent) ? k : nil
            }
            k -= 1
        }
        return nil
    }
}

extension LineFitter {
    /// The break opportunities of a block's text, `(offset << 1) | mandatory`, ending with
    /// the end of the text (mandatory): UAX #14 with `style`, or for preformatted text only
    /// its line feeds (long lines wrap at grapheme boundaries).
    @inline(__always)
    static func collectBreaks(_ text: UnsafeBufferPointer<UInt8>, preformatted: Bool, style: LineBreakStyle,
                              into breaks: inout [Int]) {
        let n = text.count
        if preformatted {
            breaks.removeAll(keepingCapacity: true)
            for i in 0..<n where text[i] == 0x0A { breaks.append(((i + 1) << 1) | 1) }
        } else {
            LineBreaks.collect(text, style: style, into: &breaks)
        }
        if breaks.last.map({ $0 >> 1 }) != n { breaks.append((n << 1) | 1) }
    }

    /// Whether `text` holds a TAB.
    @inline(__always)
    static func containsTab(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        contains(0x09, in: text)
    }

    /// Whether `text` holds the byte `byte`, eight bytes at a time (SWAR: a zero byte in
    /// `word ^ pattern` shows up in `(x - 0x0101…) & ~x & 0x8080…`).
    @inline(__always)
    static func contains(_ byte: UInt8, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let n = text.count
        let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
        var i = 0
        while i + 8 <= n {
            let x = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ pattern
            if (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0 { return true }
            i += 8
        }
        while i < n {
            if base[i] == byte { return true }
            i += 1
        }
        return false
    }
}
