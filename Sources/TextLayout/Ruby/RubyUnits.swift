import Support
import TextContent

/// The ruby bases of one block slice as the fitters see them: runs no line may break
/// inside (a base and its reading stay on one line), each followed by the cells its
/// reading adds to the line — in `inline` mode the `（reading）`, in `above` mode the
/// spacing the reading needs beyond its base and the overhang it may take
/// (`RubySpacing`). Offsets are relative to the slice. None (nil) in `off` mode and for
/// text without ruby.
struct RubyUnits {
    /// Three words a base, sorted: its slice-relative start and end, and the cells added by
    /// the bases up to it, itself included. One array, so that handing the units to a
    /// fitter retains one buffer.
    private(set) var words: [Int] = []

    /// Number of bases.
    @inline(__always) var count: Int { words.count / 3 }
    /// Slice-relative start of base `k`.
    @inline(__always) func start(_ k: Int) -> Int { words[3 &* k] }
    /// Slice-relative end of base `k`.
    @inline(__always) func end(_ k: Int) -> Int { words[3 &* k &+ 1] }
    /// The cells added by bases `0..<k` (`k ≤ count`).
    @inline(__always) func cumulative(_ k: Int) -> Int { k == 0 ? 0 : words[3 &* k &- 1] }

    /// The units of `slice` (bytes of `block`) in `content` under `mode`; nil when there
    /// are none (the fitters then carry no units at all). `annotations` finds the slice's
    /// readings (slices asked in text order cost no search).
    init?(content: borrowing TextContent, block: Block, slice: ByteRange, mode: RubyMode,
          annotations: inout AnnotationCursor) {
        guard mode != .off, !content.rubies.isEmpty else { return nil }
        let rubies = annotations.rubies(intersecting: slice, in: content)
        guard !rubies.isEmpty else { return nil }
        words.reserveCapacity(3 * rubies.count)
        RubySpacing.withTexts(of: content) { texts in add(rubies, texts, block: block, slice: slice, mode: mode) }
        if words.isEmpty { return nil }
    }

    /// Appends the bases of `rubies` inside `slice` and the cells they add.
    private mutating func add(_ rubies: ArraySlice<RubyAnnotation>, _ texts: RubySpacing.Texts, block: Block, slice: ByteRange,
                              mode: RubyMode) {
        let base = slice.lowerBound.rawValue
        var total = 0
        for k in rubies.indices {
            let ruby = rubies[k]
            let lower = max(ruby.base.lowerBound, slice.lowerBound).rawValue - base
            let upper = min(ruby.base.upperBound, slice.upperBound).rawValue - base
            guard lower < upper else { continue }
            // A neighbour under a reading is the end of the one before or the start of the one
            // after (their bases taken out first: the closures capture no array).
            let none = ByteRange(.zero, .zero)
            let before = k > rubies.startIndex ? rubies[k - 1].base : none
            let after = k + 1 < rubies.endIndex ? rubies[k + 1].base : none
            let extra = ruby.base.upperBound <= slice.upperBound
                ? RubySpacing.addedCells(for: ruby, texts, mode: mode) {
                    RubySpacing.allowances(for: ruby, texts, block: block, isUnderReading: { at in
                        before.contains(at) || after.contains(at)
                    })
                } : 0
            total += extra
            words.append(lower)
            words.append(upper)
            words.append(total)
        }
    }

    /// Where the last lookup ended (lookups come in text order, near each other).
    private var hint = 0

    /// The index of the first base ending after slice offset `offset`, walked from the
    /// last lookup's (the fitters ask in text order, near each other: O(1)).
    @inline(__always) private mutating func seek(_ offset: Int) -> Int {
        let n = count
        var i = min(hint, n)
        while i < n && end(i) <= offset { i += 1 }
        while i > 0 && end(i - 1) > offset { i -= 1 }
        hint = i
        return i
    }

    /// The cells added by bases that end in `(from, to]` (`from ≤ to`): two comparisons
    /// when none does, as for most of the fitters' questions.
    @inline(__always) mutating func cells(after from: Int, upTo to: Int) -> Int {
        let i = seek(from)
        let n = count
        guard i < n, end(i) <= to else { return 0 }
        var j = i + 1
        while j < n && end(j) <= to { j += 1 }
        return cumulative(j) - cumulative(i)
    }

    /// The cells added right after the cluster that ends at `offset` (a base's end), else 0.
    @inline(__always) mutating func cells(at offset: Int) -> Int {
        cells(after: offset - 1, upTo: offset)
    }

    /// Removes the soft break opportunities strictly inside a base from `breaks`
    /// (`(offset << 1) | mandatory`, sorted); mandatory ones (a hard line break) stay.
    /// Base by base (bases are sorted and do not overlap): the opportunities up to its
    /// start are moved down in one tight loop, then those inside it are dropped.
    func suppressBreaks(in breaks: inout [Int]) {
        guard !words.isEmpty else { return }
        let kept = breaks.withUnsafeMutableBufferPointer { b -> Int in
            words.withUnsafeBufferPointer { Self.suppress(in: b, bases: $0) }
        }
        if kept < breaks.count { breaks.removeLast(breaks.count - kept) }
    }

    /// `suppressBreaks` over raw buffers (`bases`: the units' words); returns how many
    /// opportunities are kept (at the front).
    private static func suppress(in b: UnsafeMutableBufferPointer<Int>, bases: UnsafeBufferPointer<Int>) -> Int {
        let count = b.count
        var read = 0, write = 0
        for k in stride(from: 0, to: bases.count, by: 3) {
            let start = bases[k], end = bases[k + 1]
            // Kept: the opportunities at or before the base's start.
            var r = read
            while r < count && b[r] >> 1 <= start { r &+= 1 }
            if write == read {
                write = r
            } else {
                while read < r { b[write] = b[read]; write &+= 1; read &+= 1 }
            }
            read = r
            // Inside the base: only mandatory ones stay.
            while read < count && b[read] >> 1 < end {
                if b[read] & 1 == 1 { b[write] = b[read]; write &+= 1 }
                read &+= 1
            }
            if read == count { break }
        }
        if write == read { return count }
        while read < count { b[write] = b[read]; write &+= 1; read &+= 1 }
        return write
    }
}
