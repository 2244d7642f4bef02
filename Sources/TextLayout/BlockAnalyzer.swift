import TextContent

/// Makes `BlockAnalysis` values: finds a slice's break opportunities (as `LineFitter`
/// does) and measures each segment with the fitter's own cluster walk (`BlockFit.walk`),
/// so the widths are the ones the fitter would measure. Keeps its scratch buffer of
/// opportunities from one block to the next.
struct BlockAnalyzer {
    /// Break opportunities of the current block, encoded (offset << 1) | mandatory.
    private var breaks: [Int] = []

    init() {
        breaks.reserveCapacity(1024)
    }

    /// The analysis of `text`, the bytes `range` of `block` (all of it, or the part inside
    /// the laid-out range).
    mutating func analyze(_ text: UnsafeBufferPointer<UInt8>, block: Block, range: ByteRange,
                          style: LineBreakStyle) -> BlockAnalysis {
        let n = text.count
        let exact = BlockAnalysis(block: block, range: range, lineBreakStyle: style, usesExactFitter: true,
                                  segments: [], mandatory: [])
        // A tab's width depends on its column: such blocks are fitted exactly at each width.
        if n >= 1 << 31 || LineFitter.containsTab(text) { return exact }
        LineFitter.collectBreaks(text, preformatted: block.kind == .preformatted, style: style, into: &breaks)
        // The fitter's state serves as the cluster walker (no tabs: the column is unused).
        var walker = BlockFit(text: text, base: 0, kind: block.kind, width: 1, tabWidth: 1,
                              firstIndent: 0, restIndent: 0, marksBlockStart: false)
        var mandatory: [UInt32] = []
        let capacity = n == 0 ? 0 : 3 * breaks.count
        var regular = true
        let segments = [UInt32](unsafeUninitializedCapacity: capacity) { out, initialized in
            var count = 0
            var cells = 0
            for entry in breaks {
                let end = entry >> 1
                if end <= walker.measured { continue }
                let walked = walker.walk(to: end, column: 0)
                // An opportunity inside a cluster: the lazy fitter's lines could depend on the
                // width in ways segments do not record.
                if walker.measured != end { regular = false; break }
                let start = cells
                cells += walked.cells
                if entry & 1 == 1 { mandatory.append(UInt32(truncatingIfNeeded: count / 3)) }
                out[count] = UInt32(truncatingIfNeeded: entry)
                out[count + 1] = UInt32(truncatingIfNeeded: cells)
                out[count + 2] = UInt32(truncatingIfNeeded: walked.visible > 0 ? start + walked.visible : start)
                count += 3
            }
            initialized = count
        }
        if !regular { return exact }
        return BlockAnalysis(block: block, range: range, lineBreakStyle: style, usesExactFitter: false,
                             segments: segments, mandatory: mandatory)
    }
}
