import TextContent

/// Fits a `BlockAnalysis` into lines by *total fit*, after Knuth and Plass: the breaks of
/// each run of text between mandatory breaks are chosen together, minimising the sum of
/// the lines' demerits, instead of filling each line as full as it goes (`SegmentFitter`).
///
/// The break opportunities are the analysis's segment ends (UAX #14 with kinsoku, so
/// those stay hard constraints); widths are terminal cells, with no stretching or
/// shrinking. A line's demerits (`Demerits`) grow with the square of its slack, plus
/// penalties for a very loose line next to a tight one and for a last line of one or two
/// short words; the last line of a run has no slack cost. A run with a segment wider than
/// the column (cut at grapheme boundaries) is set greedily, as are slices the analysis
/// fits exactly (tabs).
///
/// Work is bounded: each line end looks back over at most `Demerits.window` starts (the
/// segments that can share its line), so a 3 MB paragraph costs linear time and memory.
enum OptimalFitter {
    /// Appends the lines of `analysis` (whose bytes are `text`) to `lines`.
    static func fit(_ analysis: BlockAnalysis, text: UnsafeBufferPointer<UInt8>, options: LayoutOptions,
                    languages: ArraySlice<LanguageSpan> = [], units: RubyUnits? = nil, into lines: inout LineCollection) {
        let languages = SliceLanguages(languages, base: analysis.range.lowerBound.rawValue)
        // Without a byte C2 (U+0080…U+00BF) no segment can end with a soft hyphen (C2 AD):
        // one scan of the slice instead of a look at the text at each segment's end.
        let softHyphens = LineFitter.contains(0xC2, in: text)
        SegmentFitter.fitting(analysis, text: text, options: options, units: units, into: &lines) { seg, man, state, lines in
            var k = 0
            var mi = 0
            while k < seg.count {
                while Int(man[mi]) < k { mi += 1 }
                let m = Int(man[mi])
                let restAvailable = max(1, state.width - state.restIndent)
                if hasOverwideSegment(seg, k...m, available: min(state.available, restAvailable), text: state.text,
                                      softHyphens: softHyphens) {
                    SegmentFitter.fitSegments(seg, mandatory: man, state: &state, into: &lines, from: k, to: m + 1, mandatoryIndex: mi)
                } else {
                    fitRun(seg, k...m, state: &state, restAvailable: restAvailable, hyphenation: options.hyphenation,
                           languages: languages, softHyphens: softHyphens, into: &lines)
                }
                k = m + 1
            }
        }
    }

    /// Whether a segment of `run` shows wider than `available` cells (with the hyphen of a
    /// soft hyphen it ends with, but the last; none when `softHyphens` is false).
    private static func hasOverwideSegment(_ seg: SegmentFitter.Segments, _ run: ClosedRange<Int>, available: Int,
                                           text: UnsafeBufferPointer<UInt8>, softHyphens: Bool) -> Bool {
        if !softHyphens {
            // No hyphen to add: each segment's start is the end of the one before.
            var start = seg.cellsStart(run.lowerBound)
            for s in run {
                if seg.visibleEnd(s) - start > available { return true }
                start = seg.cellsEnd(s)
            }
            return false
        }
        for s in run {
            let hyphen = softHyphens && s != run.upperBound && SegmentRun.endsWithSoftHyphen(text, seg.end(s)) ? 1 : 0
            if seg.visibleEnd(s) - seg.cellsStart(s) + hyphen > available { return true }
        }
        return false
    }

    /// Sets segments `run` (ending at a mandatory break), starting a line, by total fit;
    /// with hyphenation, fits again with the words around the first pass's loose lines cut
    /// at their hyphenation points. (`softHyphens`: whether the slice may hold one.)
    private static func fitRun(_ seg: SegmentFitter.Segments, _ run: ClosedRange<Int>, state: inout BlockFit,
                               restAvailable: Int, hyphenation: HyphenationSetting?, languages: SliceLanguages,
                               softHyphens: Bool, into lines: inout LineCollection) {
        let plain = SegmentRun(seg, run, text: state.text, softHyphens: softHyphens)
        let first = state.available
        let breaks = Demerits.bestBreaks(plain, firstAvailable: first, restAvailable: restAvailable, hyphenated: plain.hasSoftHyphen)
        if let hyphenation, breaks.count > 1 {
            let words = looseNeighbours(plain, breaks, first: first, rest: restAvailable)
            if !words.isEmpty, let cut = HyphenatedRun(seg, run, text: state.text, words: words, hyphenation: hyphenation,
                                                                        languages: languages) {
                let better = Demerits.bestBreaks(cut, firstAvailable: first, restAvailable: restAvailable, hyphenated: true)
                return emit(cut, better, state: &state, into: &lines)
            }
        }
        emit(plain, breaks, state: &state, into: &lines)
    }

    /// The segments (absolute indices) next to the line ends of the lines with at least two
    /// cells of slack: the last two words of such a line and the first two of the next.
    private static func looseNeighbours(_ run: SegmentRun, _ breaks: [Int], first: Int, rest: Int) -> WordMarks {
        var words = WordMarks(first: run.first, count: run.count)
        var a = 0
        for (i, b) in breaks.enumerated() where i < breaks.count - 1 {
            let width = OptimalFitter.width(run, a, b)
            if (i == 0 ? first : rest) - width >= 2 { words.mark(max(0, b - 3)...min(run.count - 1, b + 4)) }
            a = b + 1
        }
        return words
    }

    /// Emits the lines ending after `breaks` (pieces of `pieces`, the last one the run's
    /// last), a hyphen's cell counted in the width of a line that ends with one.
    private static func emit<P: BreakPieces>(_ pieces: P, _ breaks: [Int], state: inout BlockFit, into lines: inout LineCollection) {
        var a = 0
        for b in breaks {
            let hyphen = pieces.endsWithHyphen(b) && b != pieces.count - 1
            state.visible = width(pieces, a, b) + (hyphen ? 1 : 0)
            let end = pieces.end(b)
            var flags: LineFlags = hyphen ? .hyphen : []
            if b == pieces.count - 1 && end < state.n { flags.insert(.hardBreak) }
            state.emit(end, flags, into: &lines)
            a = b + 1
        }
    }

    /// Cells from the start of piece `a` to the end of the last visible cluster of pieces
    /// `a...b` (0 when none is visible).
    @inline(__always)
    static func width<P: BreakPieces>(_ pieces: P, _ a: Int, _ b: Int) -> Int {
        var s = b
        while s >= a {
            if pieces.visibleEnd(s) > pieces.cellsStart(s) { return pieces.visibleEnd(s) - pieces.cellsStart(a) }
            s -= 1
        }
        return 0
    }
}
