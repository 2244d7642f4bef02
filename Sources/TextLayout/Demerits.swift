/// The cost model and the dynamic programme of `OptimalFitter`: for a run of segments
/// that must end at its last one, the line ends whose lines' demerits add up least.
///
/// A line that is not the run's last costs `(1 + slack)²` (slack: the cells left on it;
/// the 1 makes fewer lines better when the rest is equal), plus `adjacentPenalty` when its
/// fitness class (tight, decent, loose, very loose: by slack over the line's room) is more
/// than one class away from the line before it. The last line costs nothing, except
/// `runtPenalty` when it holds one or two short segments and the run has other lines.
enum Demerits {
    /// The most starts a line end looks back over (bounds the work on zero-width runs).
    static let window = 512
    /// A loose line next to a tight one.
    static let adjacentPenalty = 60
    /// A last line of one or two short words.
    static let runtPenalty = 120
    /// A runt is at most this wide (and at most a sixth of the line).
    static let runtWidth = 10

    /// The fitness class of a line with `slack` cells left of `available`.
    @inline(__always)
    static func fitness(slack: Int, available: Int) -> Int {
        let tenths = 10 * slack / max(1, available)
        return tenths < 1 ? 0 : tenths < 2 ? 1 : tenths < 4 ? 2 : 3
    }

    /// The line ends (segment indices, ascending, the last is `run.upperBound`) of the
    /// least total demerits; every line fits (no segment of `run` is wider than its room).
    static func bestBreaks(_ seg: SegmentFitter.Segments, _ run: ClosedRange<Int>,
                           firstAvailable: Int, restAvailable: Int) -> [Int] {
        let k = run.lowerBound, m = run.upperBound
        let count = m - k + 2   // position p: the line before ends at segment k - 1 + p
        // best[p * 4 + c]: least demerits of lines ending at k - 1 + p, the last of class c.
        var best = [Int](repeating: .max, count: count * 4)
        var from = [Int32](repeating: -1, count: count * 4)
        for c in 0..<4 { best[c] = 0 }
        let widest = max(firstAvailable, restAvailable)
        for j in k...m {
            let p = j - k + 1
            let last = j == m
            // The last segment up to j with a visible cluster (a line a...j ends there).
            var visible = j
            while visible >= k && seg.visibleEnd(visible) <= seg.cellsStart(visible) { visible -= 1 }
            var a = j
            var looked = 0
            while a >= k && looked < window {
                let width = visible >= a ? seg.visibleEnd(visible) - seg.cellsStart(a) : 0
                if width > widest { break }
                let available = a == k ? firstAvailable : restAvailable
                looked += 1
                if width <= available {
                    relax(&best, &from, at: p, fromPosition: a - k, width: width, available: available, last: last,
                          runt: last && a > k && isRunt(seg, a, j, width: width, available: available))
                }
                a -= 1
            }
        }
        return backtrack(from, best: best, count: count, k: k)
    }

    /// Takes the line `a...j` (whose predecessor position is `q`) into `best` at `p`.
    @inline(__always)
    private static func relax(_ best: inout [Int], _ from: inout [Int32], at p: Int, fromPosition q: Int,
                              width: Int, available: Int, last: Bool, runt: Bool) {
        let slack = available - width
        let c = last ? 1 : fitness(slack: slack, available: available)
        let own = last ? (runt ? runtPenalty : 0) : (1 + slack) * (1 + slack)
        for previous in 0..<4 {
            let before = best[q * 4 + previous]
            guard before != .max else { continue }
            let adjacent = !last && q > 0 && abs(previous - c) > 1 ? adjacentPenalty : 0
            let total = before + own + adjacent
            if total < best[p * 4 + c] {
                best[p * 4 + c] = total
                from[p * 4 + c] = Int32(q * 4 + previous)
            }
        }
    }

    /// Whether the last line `a...j` is one or two short segments.
    @inline(__always)
    private static func isRunt(_ seg: SegmentFitter.Segments, _ a: Int, _ j: Int, width: Int, available: Int) -> Bool {
        j - a < 2 && width <= min(runtWidth, available / 6)
    }

    /// The line ends of the best way to the run's end.
    private static func backtrack(_ from: [Int32], best: [Int], count: Int, k: Int) -> [Int] {
        let end = count - 1
        var state = (0..<4).map { end * 4 + $0 }.min { best[$0] < best[$1] }!
        var breaks: [Int] = []
        while state >= 4 {
            breaks.append(k - 1 + state / 4)
            state = Int(from[state])
            precondition(state >= 0, "a line end with no way to it")
        }
        return breaks.reversed()
    }
}
