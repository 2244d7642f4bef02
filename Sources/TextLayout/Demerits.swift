/// The cost model and the dynamic programme of `OptimalFitter`: for a run of pieces that
/// must end at its last one, the line ends whose lines' demerits add up least.
///
/// A line that is not the run's last costs `(1 + slack)²` (slack: the cells left on it;
/// the 1 makes fewer lines better when the rest is equal), plus `adjacentPenalty` when its
/// fitness class (tight, decent, loose, very loose: by slack over the line's room) is more
/// than one class away from the line before it, plus `hyphenPenalty` when it ends with a
/// hyphen (which takes a cell) and `doubleHyphenPenalty` when the line before did too;
/// three hyphenated lines in a row are not allowed. The last line costs nothing, except
/// `runtPenalty` when it holds one or two short pieces and the run has other lines.
enum Demerits {
    /// The most starts a line end looks back over (bounds the work on zero-width runs).
    static let window = 512
    /// A loose line next to a tight one.
    static let adjacentPenalty = 60
    /// A last line of one or two short words.
    static let runtPenalty = 120
    /// A runt is at most this wide (and at most a sixth of the line).
    static let runtWidth = 10
    /// A line that ends with a hyphen.
    static let hyphenPenalty = 30
    /// A second hyphenated line in a row.
    static let doubleHyphenPenalty = 150

    /// The fitness class of a line with `slack` cells left of `available`: by tenths of
    /// the room left (`10 * slack / available`) under 1, 2, 4 or more — compared, not
    /// divided (`t < k` exactly when `10 * slack < k * available`; the search's inner loop).
    @inline(__always)
    static func fitness(slack: Int, available: Int) -> Int {
        let tenths = 10 * slack, room = max(1, available)
        return tenths < room ? 0 : tenths < 2 * room ? 1 : tenths < 4 * room ? 2 : 3
    }

    /// Hyphenated lines in a row a line end can be in (0, 1, 2): with the fitness classes
    /// (4, or 1 when no two lines can be classes apart), a position's states.
    static let hyphenRuns = 3

    /// How many fitness classes the search must tell apart: 1 when every line it looks at
    /// (at most `maxSlack` cells left) is tight or decent, so no line is ever more than a
    /// class from the one before it and the adjacency penalty never applies.
    static func classes(maxSlack: Int, firstAvailable: Int, restAvailable: Int) -> Int {
        guard maxSlack != .max else { return 4 }
        let room = min(firstAvailable, restAvailable)
        return fitness(slack: min(maxSlack, room), available: room) <= 1 ? 1 : 4
    }

    /// The line ends (piece indices, ascending, the last is `pieces.count - 1`) of the
    /// least total demerits; every line fits (no piece is wider than its room).
    ///
    /// A first pass only looks at lines with at most max(4, room / 10) cells left (the
    /// last line aside; 4 in text of short pieces, CJK, where that is two characters): a
    /// handful of starts a line end, found by binary search, instead of every start that
    /// fits (dozens in CJK text). Only when that leaves the run's end unreachable does a
    /// second pass look at every line that fits.
    static func bestBreaks<P: BreakPieces>(_ pieces: P, firstAvailable: Int, restAvailable: Int,
                                           hyphenated: Bool = false) -> [Int] {
        if !hyphenated, let even = firstFitIfEven(pieces, firstAvailable, restAvailable) { return even }
        let short = pieces.visibleEnd(pieces.count - 1) <= 3 * pieces.count
        let loose = short ? 4 : max(4, restAvailable / 10)
        if let breaks = search(pieces, firstAvailable, restAvailable, maxSlack: loose, hyphenated: hyphenated) { return breaks }
        // Short pieces with some wide ones among them (a ruby unit, a Latin word in CJK):
        // first fit leaves less than the widest piece on each line, so lines that leave at
        // most that reach the end — a few starts a line end, not the dozens that fit.
        if short, let wide = widestPiece(pieces), wide > loose,
           let breaks = search(pieces, firstAvailable, restAvailable, maxSlack: wide + 1, hyphenated: hyphenated) { return breaks }
        if let breaks = search(pieces, firstAvailable, restAvailable, maxSlack: .max, hyphenated: hyphenated) { return breaks }
        // Unreachable only if a piece with its hyphen is wider than the room (a soft hyphen
        // after a word that fills the line): each piece its own line then, never a trap.
        return Array(0..<pieces.count)
    }

    /// The cells of the widest piece (its visible part), nil for none.
    static func widestPiece<P: BreakPieces>(_ pieces: P) -> Int? {
        guard pieces.count > 0 else { return nil }
        var widest = 0
        for i in 0..<pieces.count { widest = max(widest, pieces.visibleEnd(i) - pieces.cellsStart(i)) }
        return widest
    }

    /// First fit's line ends when every line but the last leaves at most one cell — two in
    /// text of short pieces (at most 3 cells a piece on average: CJK, where a cell is half
    /// a character), or there less than the piece wider than that which follows it — as
    /// CJK text mostly does: total fit could not make that visibly more even, and first fit
    /// is one cheap pass. Nil otherwise, or when its last line is a runt.
    ///
    /// Each line's end is found by a galloping search: a line's width (to the end of its
    /// last visible piece) only grows with the pieces it holds.
    static func firstFitIfEven<P: BreakPieces>(_ pieces: P, _ firstAvailable: Int, _ restAvailable: Int) -> [Int]? {
        guard pieces.count > 0 else { return nil }
        let n = pieces.count
        let short = pieces.visibleEnd(n - 1) <= 3 * n
        let even = short ? 2 : 1
        var breaks: [Int] = []
        breaks.reserveCapacity((pieces.visibleEnd(n - 1) - pieces.cellsStart(0)) / max(1, restAvailable - even) + 2)   // ~ lines
        var a = 0        // the line's first piece
        var from = 0     // the first piece that may end it
        while true {
            let available = a == 0 ? firstAvailable : restAvailable
            guard let j = firstOverflow(pieces, line: a, from: from, available: available) else { break }
            // The line a...j-1 ends: it must leave at most one cell (two) — or, in text of
            // short pieces, less than a wider piece that starts the next line (a ruby unit,
            // a Latin word in CJK: total fit could only spread that gap over the lines
            // before it, at the cost of breaking more of them).
            let width = lineWidth(pieces, line: a, through: j - 1)
            let next = pieces.visibleEnd(j) - pieces.cellsStart(j)
            if available - width > even && !(short && next > even && available - width < next) { return nil }
            breaks.append(j - 1)
            a = j
            from = j + 1
        }
        let width = lineWidth(pieces, line: a, through: n - 1)
        let runt = !breaks.isEmpty && n - 1 - breaks.last! <= 2 && width <= min(runtWidth, restAvailable / 6)
        if runt { return nil }
        breaks.append(n - 1)
        return breaks
    }

    /// The cells of a line that starts with piece `a` and ends after piece `j`: from its
    /// start to the end of the last visible piece up to `j` (0 when none of `a...j` is).
    @inline(__always)
    static func lineWidth<P: BreakPieces>(_ pieces: P, line a: Int, through j: Int) -> Int {
        var v = j
        while v >= a && pieces.visibleEnd(v) <= pieces.cellsStart(v) { v -= 1 }
        return v >= a ? pieces.visibleEnd(v) - pieces.cellsStart(a) : 0
    }

    /// The first piece `j ≥ from` with which the line starting with piece `a` is wider than
    /// `available` (nil for none): galloping, then a binary search (the width never shrinks
    /// as pieces are added).
    @inline(__always)
    static func firstOverflow<P: BreakPieces>(_ pieces: P, line a: Int, from: Int, available: Int) -> Int? {
        let n = pieces.count
        var lo = from, hi = from, step = 1
        while hi < n && lineWidth(pieces, line: a, through: hi) <= available {
            lo = hi + 1
            hi += step
            step &<<= 1
        }
        if hi >= n {
            hi = n
            if lo >= n { return nil }
        }
        // The answer is in lo...hi (hi == n: none, unless one before it overflows).
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if lineWidth(pieces, line: a, through: mid) > available { hi = mid } else { lo = mid + 1 }
        }
        return lo < n ? lo : nil
    }

    /// The dynamic programme, with lines of at most `maxSlack` cells left (not the last);
    /// nil when no such set of lines reaches the end.
    private static func search<P: BreakPieces>(_ pieces: P, _ firstAvailable: Int, _ restAvailable: Int,
                                               maxSlack: Int, hyphenated: Bool) -> [Int]? {
        let n = pieces.count
        // best[p * used + s]: least demerits of lines ending after piece p - 1, the last in
        // state s = hyphens in a row × classes + fitness class (no hyphen states when
        // nothing is hyphenated).
        let classes = classes(maxSlack: maxSlack, firstAvailable: firstAvailable, restAvailable: restAvailable)
        let used = (hyphenated ? hyphenRuns : 1) * classes
        // Scratch for this search only (on the stack when small enough).
        let size = (n + 1) * used
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: size) { best in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: size) { from in
                best.initialize(repeating: .max)
                from.initialize(repeating: -1)
                best[0] = 0
                fill(pieces, best: best, from: from, used: used, classes: classes, firstAvailable, restAvailable, maxSlack: maxSlack)
                guard (0..<used).contains(where: { best[n * used + $0] != .max }) else { return nil }
                return backtrack(from, best: best, end: n, used: used)
            }
        }
    }

    /// Fills `best` and `from` for every position, in order.
    @inline(__always)
    private static func fill<P: BreakPieces>(_ pieces: P, best: UnsafeMutableBufferPointer<Int>, from: UnsafeMutableBufferPointer<Int32>,
                                             used: Int, classes: Int, _ firstAvailable: Int, _ restAvailable: Int, maxSlack: Int) {
        let n = pieces.count
        let widest = max(firstAvailable, restAvailable)
        var visible = -1   // the last piece up to j with a visible cluster
        // The starts to look at, [lo, hi]: lo is the first whose line fits the widest room,
        // hi the last whose line leaves at most maxSlack. Both only move forward as j does
        // (a hyphen's cell can move them back by one piece: the inner loops fix that).
        var lo = 0, hi = -1
        let tightest = maxSlack == .max ? Int.min : min(firstAvailable, restAvailable) - maxSlack
        for j in 0..<n {
            let last = j == n - 1
            let hyphen = !last && pieces.endsWithHyphen(j) ? 1 : 0   // a run's end shows no hyphen
            if pieces.visibleEnd(j) > pieces.cellsStart(j) { visible = j }
            let end = visible >= 0 ? pieces.visibleEnd(visible) + hyphen : hyphen
            @inline(__always) func width(_ a: Int) -> Int { visible >= a ? end - pieces.cellsStart(a) : hyphen }
            let floor = max(0, j - window + 1)
            lo = max(lo, floor)
            while lo < j && width(lo) > widest { lo += 1 }
            while lo > floor && width(lo - 1) <= widest { lo -= 1 }
            if width(lo) > widest { continue }
            var top = j
            if !last && maxSlack != .max {
                hi = max(hi, lo - 1)
                while hi < j && width(hi + 1) >= tightest { hi += 1 }
                while hi >= lo && width(hi) < tightest { hi -= 1 }
                top = lo == 0 && hi < 0 ? 0 : hi
            }
            guard top >= lo else { continue }
            for a in stride(from: top, through: lo, by: -1) {
                let w = width(a)
                let available = a == 0 ? firstAvailable : restAvailable
                guard w <= available, last || available - w <= maxSlack else { continue }
                let line = Line(width: w, available: available, last: last, hyphen: hyphen == 1,
                                runt: last && a > 0 && j - a < 2 && w <= min(runtWidth, available / 6))
                relax(best, from, at: j + 1, from: a, line, states: used, classes: classes)
            }
        }
    }

    /// A candidate line, as the cost model sees it.
    struct Line {
        var width: Int
        var available: Int
        var last: Bool
        var hyphen: Bool
        var runt: Bool
    }

    /// Takes `line` (after the lines ending before piece `q`) into `best` at position `p`.
    @inline(__always)
    private static func relax(_ best: UnsafeMutableBufferPointer<Int>, _ from: UnsafeMutableBufferPointer<Int32>, at p: Int, from q: Int,
                              _ line: Line, states used: Int, classes: Int) {
        let slack = line.available - line.width
        var own = line.last ? (line.runt ? runtPenalty : 0) : (1 + slack) * (1 + slack)
        if used == 1 && !line.hyphen {
            // One state a position (one class, nothing hyphenated: the first pass, as over
            // most CJK text): the loop below for `previous` 0 and class 0, with no penalty.
            let before = best[q]
            if before != .max && before + own < best[p] {
                best[p] = before + own
                from[p] = Int32(q)
            }
            return
        }
        let c = classes == 1 ? 0 : line.last ? 1 : fitness(slack: slack, available: line.available)
        if line.hyphen { own += hyphenPenalty }
        // A state's run and class by shift and mask (`classes` is 1 or 4), not division.
        let classBits = classes.trailingZeroBitCount
        for previous in 0..<used {
            let before = best[q * used + previous]
            guard before != .max else { continue }
            let run = previous &>> classBits
            let hyphens = line.hyphen ? run + 1 : 0
            guard hyphens <= 2 else { continue }
            var total = before + own
            if hyphens == 2 { total += doubleHyphenPenalty }
            if !line.last && q > 0 && abs(previous & (classes &- 1) - c) > 1 { total += adjacentPenalty }
            let s = p * used + hyphens * classes + c
            if total < best[s] {
                best[s] = total
                from[s] = Int32(q * used + previous)
            }
        }
    }

    /// The line ends of the best way to position `end`.
    private static func backtrack(_ from: UnsafeMutableBufferPointer<Int32>, best: UnsafeMutableBufferPointer<Int>, end: Int,
                                  used: Int) -> [Int] {
        var state = (0..<used).map { end * used + $0 }.min { best[$0] < best[$1] }!
        var breaks: [Int] = []
        while state >= used {
            breaks.append(state / used - 1)
            state = Int(from[state])
            precondition(state >= 0, "a line end with no way to it")
        }
        return breaks.reversed()
    }
}
