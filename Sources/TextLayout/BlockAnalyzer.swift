import TextContent
import UnicodeData

/// Makes `BlockAnalysis` values: finds a slice's break opportunities (as `LineFitter`
/// does) and measures each segment as the fitter would.
///
/// Two passes share the work: `simplePass` takes "simple" text (cluster bases,
/// zero-width marks on them, controls: the scalars `BlockFit.walkSimple` sums) scalar by
/// scalar and records a segment at each opportunity it reaches; from the first scalar
/// that needs the full UAX #29 rules, `walkPass` measures the remaining segments one by
/// one with the fitter's own cluster walk (`BlockFit.walk`). Keeps its scratch buffer of
/// opportunities from one block to the next.
struct BlockAnalyzer {
    /// Break opportunities of the current block, encoded (offset << 1) | mandatory.
    private var breaks: [Int] = []

    init() {
        breaks.reserveCapacity(1024)
    }

    /// The analysis of `text`, the bytes `range` of `block` (all of it, or the part inside
    /// the laid-out range).
    /// `units`: the slice's ruby bases (no opportunity inside one; their readings' cells
    /// added to the segment they end in).
    mutating func analyze(_ text: UnsafeBufferPointer<UInt8>, block: Block, range: ByteRange,
                          style: LineBreakStyle, units: RubyUnits? = nil) -> BlockAnalysis {
        let n = text.count
        func analysis(exact: Bool, _ data: [UInt32] = [], segments: Int = 0) -> BlockAnalysis {
            BlockAnalysis(block: block, range: range, lineBreakStyle: style, usesExactFitter: exact,
                          data: data, segmentCount: segments)
        }
        guard n > 0 else { return analysis(exact: false) }
        // A tab's width depends on its column: a slice with one is fitted exactly at each
        // width (the passes below stop at the first tab they meet).
        if n >= 1 << 31 { return analysis(exact: true) }
        LineFitter.collectBreaks(text, preformatted: block.kind == .preformatted, style: style, into: &breaks)
        // The fitter's state measures like the fitter (no tabs: the column is unused).
        var walker = BlockFit(text: text, base: 0, kind: block.kind, width: 1, tabWidth: 1,
                              firstIndent: 0, restIndent: 0, marksBlockStart: false)
        if let units { walker.setUnits(units) }
        var bases = RubyBaseWalk(units)
        var regular = true
        var segmentCount = 0
        var mandatoryBits = 0
        for entry in breaks { mandatoryBits &+= entry & 1 }
        let data = [UInt32](unsafeUninitializedCapacity: 3 * breaks.count + mandatoryBits) { out, initialized in
            breaks.withUnsafeBufferPointer { breaks in
                var writer = SegmentWriter(out: out.baseAddress!, breaks: breaks)
                switch Self.simplePass(&walker, &writer, &bases) {
                case .done: break
                case .irregular: regular = false
                case .complex(let start):
                    walker.measured = start
                    walker.cursor.move(to: start)
                    regular = Self.walkPass(&walker, &writer, &bases)
                }
                initialized = writer.finish()
                segmentCount = writer.count / 3
            }
        }
        return regular ? analysis(exact: false, data, segments: segmentCount) : analysis(exact: true)
    }

    /// How `simplePass` ended.
    enum SimpleEnd {
        /// Every opportunity is recorded.
        case done
        /// An opportunity falls inside a cluster, or a tab is met: the slice is fitted exactly.
        case irregular
        /// A scalar needs the full rules; the segment starting at this offset is not recorded.
        case complex(Int)
    }

    /// Records segments while the text is simple (the scalars `BlockFit.walkSimple` sums,
    /// with the same cells and visibility), none at an opportunity inside a ruby base.
    static func simplePass(_ walker: inout BlockFit, _ writerState: inout SegmentWriter,
                           _ basesState: inout RubyBaseWalk) -> SimpleEnd {
        guard let p = walker.text.baseAddress else { return .done }
        // Local copies, written back on return: the segment stores cannot alias them, so
        // their fields stay in registers.
        var writer = writerState, bases = basesState
        defer { writerState = writer; basesState = bases }
        let n = walker.n, kinds = FitKind.table, preformatted = walker.preformatted
        var i = 0
        var cells = 0
        var visibleEnd = 0      // cumulative cells at the end of the segment's last showing cluster
        var attachable = false  // an Extend mark may join the cluster before it
        while writer.next < writer.breaks.count {
            let entry = writer.breaks[writer.next]
            let stop = entry >> 1
            let segmentStart = i
            if stop <= segmentStart || bases.skips(entry) { writer.next &+= 1; continue }
            // Three-byte scalars that are cluster bases (kana, kanji, CJK punctuation) are
            // taken as the `FitKind.base` case below, without the ASCII run and the decoding's
            // other lengths: a segment of one such scalar (most segments of CJK text, with an
            // opportunity at almost every character; `stop` ≤ n) in one step, else each one
            // in the loop.
            if stop == i &+ 3 && p[i] & 0xF0 == 0xE0 {
                let k = threeByteKind(p, i, kinds)
                if k >> 2 == FitKind.base {
                    cells &+= Int(k)
                    attachable = true
                    i = stop
                    writer.record(entry, showingTo: cells &+ bases.added)
                    visibleEnd = cells
                    continue
                }
            }
            while i < stop {
                if p[i] & 0xF0 == 0xE0 && i &+ 2 < n {
                    let k = threeByteKind(p, i, kinds)
                    if k >> 2 == FitKind.base {
                        cells &+= Int(k)
                        visibleEnd = cells
                        attachable = true
                        i &+= 3
                        continue
                    }
                }
                // A run of printable ASCII: one-cell clusters (as in `BlockFit.walk`), except
                // a last byte followed by a non-ASCII scalar (which may be a mark on it).
                var j = i
                while j < stop && p[j] &- 0x20 < 0x5F { j &+= 1 }
                if j < n && j > i && p[j] >= 0x80 { j &-= 1 }
                if j > i {
                    cells &+= j &- i
                    var last = j &- 1
                    if !preformatted { while last >= i && p[last] == 0x20 { last &-= 1 } }
                    if last >= i { visibleEnd = cells &- (j &- 1 &- last) }
                    attachable = true
                    i = j
                    if i == stop { break }
                }
                let b0 = p[i]
                let (cp, length) = UTF8Scalar.decodeBMP(p, i, n)
                let k = length == 0 ? FitKind.complex << 2 : kinds[cp]
                switch k >> 2 {
                case FitKind.base:
                    cells &+= Int(k & 3)
                    if b0 != 0x20 || preformatted { visibleEnd = cells }
                    attachable = true
                case FitKind.mark where attachable:
                    // A mark after the opportunity would join the cluster before it.
                    if i == segmentStart { return .irregular }
                    visibleEnd = cells
                case FitKind.control:
                    if b0 == 0x09 { return .irregular }
                    if walker.showsUpTo(b0, 1, width: 0) { visibleEnd = cells }
                    attachable = false
                default:
                    // The walk takes over at the segment's start, which must be a cluster
                    // boundary: not if this scalar extends the cluster before it (GB9, GB9a).
                    if i == segmentStart && attachable && extendsCluster(walker, p, i) { return .irregular }
                    return .complex(segmentStart)
                }
                i &+= length
            }
            // The readings of the bases ending up to here add their cells.
            writer.record(entry, cellsEnd: cells &+ bases.added, visibleEnd: visibleEnd &+ bases.added)
            visibleEnd = cells
        }
        return .done
    }

    /// The `FitKind` entry of the three-byte scalar at `i` (lead byte E0…EF, `i + 2` in the text).
    @inline(__always)
    static func threeByteKind(_ p: UnsafePointer<UInt8>, _ i: Int, _ kinds: UnsafePointer<UInt8>) -> UInt8 {
        kinds[Int(p[i] & 0x0F) << 12 | Int(p[i &+ 1] & 0x3F) << 6 | Int(p[i &+ 2] & 0x3F)]
    }

    /// Whether the scalar at `i` is Extend, ZWJ or SpacingMark (joins a preceding base).
    static func extendsCluster(_ walker: BlockFit, _ p: UnsafePointer<UInt8>, _ i: Int) -> Bool {
        let gcb = (walker.cursor.properties.record(UTF8Scalar.decode(p, i, walker.n).value).raw >> 6) & 0xF
        return gcb == RecordBits.extend || gcb == RecordBits.zwj || gcb == 8
    }

    /// Records the remaining segments one by one with `BlockFit.walk` (none at an
    /// opportunity inside a ruby base); false when an opportunity falls inside a cluster or
    /// a tab is met.
    static func walkPass(_ walker: inout BlockFit, _ writer: inout SegmentWriter, _ bases: inout RubyBaseWalk) -> Bool {
        while writer.next < writer.breaks.count {
            let entry = writer.breaks[writer.next]
            let end = entry >> 1
            if end <= walker.measured || bases.skips(entry) { writer.next += 1; continue }
            let start = writer.cells
            let walked = walker.walk(to: end, column: 0)
            if walker.measured != end || walked.tab { return false }
            writer.record(entry, cellsEnd: start + walked.cells, visibleEnd: start + walked.visible)
        }
        return true
    }

    /// Writes segments into the analysis's buffer: room for three `UInt32` an opportunity,
    /// then one a mandatory break (written after them, moved down by `finish`).
    struct SegmentWriter {
        let out: UnsafeMutablePointer<UInt32>
        let breaks: UnsafeBufferPointer<Int>
        /// Where the mandatory indices are written until `finish`.
        let mandatoryBase: Int
        /// The next opportunity to record.
        var next = 0
        /// Segment `UInt32`s written.
        var count = 0
        /// Mandatory indices written.
        var mandatoryCount = 0
        /// Cumulative cells at the end of the last recorded segment.
        var cells = 0

        init(out: UnsafeMutablePointer<UInt32>, breaks: UnsafeBufferPointer<Int>) {
            self.out = out
            self.breaks = breaks
            mandatoryBase = 3 * breaks.count
        }

        /// Records the segment ending at opportunity `entry` (the next one).
        @inline(__always)
        mutating func record(_ entry: Int, cellsEnd: Int, visibleEnd: Int) {
            store(entry, cellsEnd: cellsEnd, shown: max(visibleEnd, cells))
        }

        /// `record(entry, cellsEnd: cellsEnd, visibleEnd: cellsEnd)` for a segment that
        /// shows to its end (`cellsEnd` ≥ `cells`, as cells only grow: no `max`).
        @inline(__always)
        mutating func record(_ entry: Int, showingTo cellsEnd: Int) {
            store(entry, cellsEnd: cellsEnd, shown: cellsEnd)
        }

        /// Writes the segment's three words (and its index when the opportunity is mandatory).
        @inline(__always)
        private mutating func store(_ entry: Int, cellsEnd: Int, shown: Int) {
            if entry & 1 == 1 {
                out[mandatoryBase &+ mandatoryCount] = UInt32(truncatingIfNeeded: count / 3)
                mandatoryCount &+= 1
            }
            out[count] = UInt32(truncatingIfNeeded: entry)
            out[count &+ 1] = UInt32(truncatingIfNeeded: cellsEnd)
            out[count &+ 2] = UInt32(truncatingIfNeeded: shown)
            count &+= 3
            cells = cellsEnd
            next &+= 1
        }

        /// Moves the mandatory indices right after the segments; returns the words used.
        mutating func finish() -> Int {
            for j in 0..<mandatoryCount { out[count + j] = out[mandatoryBase + j] }   // down: never overlaps ahead
            return count + mandatoryCount
        }
    }
}
