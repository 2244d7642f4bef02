import Support
import TextContent

/// Fits a `BlockAnalysis` into lines at one width: the greedy first fit of `LineFitter`,
/// done with the segments' cumulative widths instead of walking the text.
///
/// A line that starts at cumulative column `origin` holds every segment whose visible end
/// is at most `origin + available`. Cumulative cells only grow and a segment's visible
/// end lies between its start and its end, so the first segment that does not fit is the
/// first one *ending* past the limit, or the one after it: a galloping search over the
/// cumulative cells, bounded by the next mandatory break. The line state, emitting and
/// emergency breaks are `BlockFit`'s, as in `LineFitter`.
enum SegmentFitter {
    /// Appends the lines of `analysis` (whose bytes are `text`) to `lines`.
    static func fit(_ analysis: BlockAnalysis, text: UnsafeBufferPointer<UInt8>, options: LayoutOptions,
                    units: RubyUnits? = nil, into lines: inout LineCollection) {
        fitting(analysis, text: text, options: options, units: units, into: &lines) { seg, man, state, lines in
            fitSegments(seg, mandatory: man, state: &state, into: &lines)
        }
    }

    /// What every fitter of an analysed slice does around its own loop: the slice's line
    /// state and its segments and mandatory breaks for `body`, then whatever is left after
    /// the last line as one more line. (Also `OptimalFitter`'s.)
    @inline(__always)
    static func fitting(_ analysis: BlockAnalysis, text: UnsafeBufferPointer<UInt8>, options: LayoutOptions,
                        units: RubyUnits?, into lines: inout LineCollection,
                        _ body: (Segments, UnsafeBufferPointer<UInt32>, inout BlockFit, inout LineCollection) -> Void) {
        let n = text.count
        guard n > 0 else { return }
        var state = BlockFit(text: text, base: analysis.range.lowerBound.rawValue, block: analysis.block,
                             options: options, continuesBlock: analysis.continuesBlock)
        if let units { state.setUnits(units) }   // (an emergency split walks the clusters)
        let words = 3 * analysis.segmentCount
        analysis.data.withUnsafeBufferPointer { data in
            body(Segments(UnsafeBufferPointer(rebasing: data[0..<words])), UnsafeBufferPointer(rebasing: data[words...]),
                 &state, &lines)
        }
        if state.lineStart < n { state.emit(n, [], into: &lines) }
    }

    /// The greedy loop: one iteration per line (or per segment that starts a new line),
    /// over segments `first..<end` (all of them by default; `OptimalFitter` hands it the
    /// pieces it sets greedily, each starting a line and ending at a mandatory break).
    @inline(__always)
    static func fitSegments(_ seg: Segments, mandatory man: UnsafeBufferPointer<UInt32>, state: inout BlockFit,
                            into lines: inout LineCollection, from first: Int = 0, to end: Int? = nil, mandatoryIndex: Int = 0) {
        let n = state.n
        let count = end ?? seg.count
        var k = first        // the next segment
        var mi = mandatoryIndex   // the next mandatory break at or after k
        var origin = seg.cellsStart(first)   // cumulative cells at column 0 of the current line
        while k < count {
            while Int(man[mi]) < k { mi += 1 }
            let m = Int(man[mi])
            let limit = origin + state.available
            let j = seg.firstEnding(after: limit, from: k, through: m)
            // Segments k..<b fit; b (if ≤ m) does not.
            let b = j <= m && seg.visibleEnd(j) <= limit ? j + 1 : j
            if b > k, let s = seg.lastVisible(in: k..<b) { state.visible = seg.visibleEnd(s) - origin }
            if b > m {
                let end = seg.end(m)
                state.emit(end, end < n ? .hardBreak : [], into: &lines)
                origin = seg.cellsEnd(m)
                k = m + 1
                continue
            }
            let start = seg.start(b), end = seg.end(b)
            let cellsStart = seg.cellsStart(b)
            let segmentVisible = seg.visibleEnd(b) - cellsStart
            state.col = cellsStart - origin
            // It does not fit: start a new line with it (if the line holds anything).
            if state.lineStart < start { state.emit(start, [], into: &lines) }
            if segmentVisible > state.available {
                // Wider than the whole column: cut at grapheme boundaries (walks the text).
                state.emergencySplit(from: start, to: end, into: &lines)
            } else {
                if segmentVisible > 0 { state.visible = state.col + segmentVisible }
                state.col += seg.cellsEnd(b) - cellsStart
            }
            if b == m && end > state.lineStart { state.emit(end, end < n ? .hardBreak : [], into: &lines) }
            origin = seg.cellsEnd(b) - state.col
            k = b + 1
        }
    }

    /// A view of `BlockAnalysis.segments`: three `UInt32` a segment.
    struct Segments {
        let p: UnsafePointer<UInt32>
        let count: Int

        init(_ buffer: UnsafeBufferPointer<UInt32>) {
            p = buffer.baseAddress ?? UnsafePointer(bitPattern: MemoryLayout<UInt32>.alignment)!
            count = buffer.count / 3
        }

        /// End offset of segment `i` (relative to the slice).
        @inline(__always) func end(_ i: Int) -> Int { Int(p[3 &* i] >> 1) }
        /// Start offset of segment `i`.
        @inline(__always) func start(_ i: Int) -> Int { i == 0 ? 0 : end(i &- 1) }
        /// Cumulative cells at the end of segment `i`.
        @inline(__always) func cellsEnd(_ i: Int) -> Int { Int(p[3 &* i &+ 1]) }
        /// Cumulative cells at the start of segment `i`.
        @inline(__always) func cellsStart(_ i: Int) -> Int { i == 0 ? 0 : cellsEnd(i &- 1) }
        /// Cumulative cells at the end of the last non-hanging cluster of segment `i`.
        @inline(__always) func visibleEnd(_ i: Int) -> Int { Int(p[3 &* i &+ 2]) }

        /// The last segment of `range` with a visible cluster, if any.
        @inline(__always) func lastVisible(in range: Range<Int>) -> Int? {
            var s = range.upperBound - 1
            while s >= range.lowerBound {
                if visibleEnd(s) > cellsStart(s) { return s }
                s -= 1
            }
            return nil
        }

        /// The first segment in `k...m` whose cumulative end exceeds `limit`, or `m + 1`
        /// (galloping, then binary search).
        @inline(__always) func firstEnding(after limit: Int, from k: Int, through m: Int) -> Int {
            let bound = m + 1
            var lo = k, hi = k, step = 1
            while hi < bound && cellsEnd(hi) <= limit {
                lo = hi + 1
                hi += step
                step &<<= 1
            }
            if hi > bound { hi = bound }
            return (lo..<hi).partitioningIndex { cellsEnd($0) > limit }
        }
    }
}
