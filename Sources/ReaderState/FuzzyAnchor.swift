/// Finds an edited quote (`HighlightAnchoring`'s last resort): 8-byte pieces of the saved
/// context and quote are looked up near the expected place (then in the whole text); each
/// hit votes for where the quote would start; the largest group of agreeing pieces wins
/// (nearest the expected place on a tie); the quote's first and last bytes are then
/// aligned by edit distance, and the text found must be within a third of the quote's
/// length in edits.
struct FuzzyAnchor {
    let pattern: AnchorPattern
    let text: UnsafeBufferPointer<UInt8>
    let expected: Int

    static let piece = 8
    /// Bytes each side of an estimated end tried when aligning it.
    static let alignRadius = 12

    /// A piece found in the text: where it is, its offset in the pattern, and where that
    /// puts the quote's start.
    struct Vote {
        let at: Int
        let piece: Int
        var start: Int
    }

    func locate() -> Range<Int>? {
        let radius = max(16_384, text.count / 50)
        let near = max(0, expected - pattern.quote.lowerBound - radius)..<min(text.count, expected + pattern.bytes.count + radius)
        if let found = locate(in: near) { return found }
        return near == 0..<text.count ? nil : locate(in: 0..<text.count)
    }

    func locate(in window: Range<Int>) -> Range<Int>? {
        let offsets = pieceOffsets()
        guard !offsets.isEmpty else { return nil }
        let votes = offsets.flatMap { k in
            HighlightAnchoring.occurrences(of: pattern.bytes[k..<(k + Self.piece)], in: text, within: window)
                .map { Vote(at: $0, piece: k, start: $0 - (k - pattern.quote.lowerBound)) }
        }
        guard let group = bestGroup(votes), group.count >= max(2, offsets.count / 4) else { return nil }
        return bounds(from: group)
    }

    /// Pattern offsets of the pieces: the context's ending at the quote and starting after
    /// it, the quote's from its start, and one ending at its end.
    func pieceOffsets() -> [Int] {
        let q = pattern.quote, n = Self.piece
        var out = Array(stride(from: q.lowerBound - n, through: 0, by: -n))
        out += stride(from: q.lowerBound, through: q.upperBound - n, by: n)
        if q.count >= n, (q.count % n) != 0 { out.append(q.upperBound - n) }
        out += stride(from: q.upperBound, through: pattern.bytes.count - n, by: n)
        return out
    }

    /// The votes that agree (starts within a slack that grows with the pattern) with the
    /// most distinct pieces, nearest the expected place on a tie; one vote per piece, the
    /// one nearest the group's median.
    func bestGroup(_ votes: [Vote]) -> [Vote]? {
        guard let group = widestGroup(votes) else { return nil }
        let median = group[group.count / 2].start
        let byPiece = Dictionary(grouping: group, by: \.piece)
        return byPiece.values.map { $0.min { abs($0.start - median) < abs($1.start - median) }! }
    }

    func widestGroup(_ votes: [Vote]) -> [Vote]? {
        let sorted = votes.sorted { $0.start < $1.start }
        let slack = 24 + pattern.bytes.count / 10
        var best: (group: ArraySlice<Vote>, pieces: Int, distance: Int)?
        var lo = 0
        for hi in sorted.indices {
            while sorted[hi].start - sorted[lo].start > slack { lo += 1 }
            let group = sorted[lo...hi]
            let pieces = Set(group.map(\.piece)).count
            let distance = abs(group[group.startIndex + group.count / 2].start - expected)
            if best == nil || pieces > best!.pieces || (pieces == best!.pieces && distance < best!.distance) {
                best = (group, pieces, distance)
            }
        }
        return best.map { Array($0.group) }
    }

    /// The quote's range from the votes of one group. Each end comes from the piece that
    /// touches it — inside the quote first, then the context's — when that piece was
    /// found; else from the nearest piece found, aligned.
    func bounds(from group: [Vote]) -> Range<Int>? {
        let q = pattern.quote, n = Self.piece
        let byPiece = Dictionary(uniqueKeysWithValues: group.map { ($0.piece, $0.at) })
        let quote = pattern.bytes[q]
        var start: Int
        if q.count >= n, let at = byPiece[q.lowerBound] { start = at }
        else if let at = byPiece[q.lowerBound - n] { start = at + n }
        else {
            guard let first = group.min(by: { abs($0.piece - q.lowerBound) < abs($1.piece - q.lowerBound) }) else { return nil }
            start = align(Array(quote.prefix(16)), near: first.at - (first.piece - q.lowerBound), atStart: true)
        }
        var end: Int
        if q.count >= n, let at = byPiece[q.upperBound - n] { end = at + n }
        else if let at = byPiece[q.upperBound] { end = at }
        else {
            guard let last = group.min(by: { abs($0.piece + n - q.upperBound) < abs($1.piece + n - q.upperBound) }) else { return nil }
            end = align(Array(quote.suffix(16)), near: last.at + (q.upperBound - last.piece), atStart: false)
        }
        while start > 0, start < text.count, text[start] & 0xC0 == 0x80 { start -= 1 }
        while end < text.count, end > 0, text[end] & 0xC0 == 0x80 { end += 1 }
        guard start >= 0, end <= text.count, end > start, end - start <= 2 * q.count + 16 else { return nil }
        return closeEnough(start..<end) ? start..<end : nil
    }

    /// The offset near `estimate` where `needle` starts (`atStart`) or ends, with the
    /// fewest edits; the nearest one on a tie.
    func align(_ needle: [UInt8], near estimate: Int, atStart: Bool) -> Int {
        var best = (offset: estimate, cost: Int.max)
        for delta in 0...Self.alignRadius {
            for offset in Set([estimate - delta, estimate + delta]) {
                let range = atStart ? offset..<(offset + needle.count) : (offset - needle.count)..<offset
                guard range.lowerBound >= 0, range.upperBound <= text.count else { continue }
                let cost = EditDistance.between(needle[...], text[range])
                if cost < best.cost { best = (offset, cost) }
            }
        }
        return best.offset
    }

    /// Whether the text in `range` is within a third of the quote's length in edits (not
    /// checked for quotes over 2,000 bytes: the votes already place them).
    func closeEnough(_ range: Range<Int>) -> Bool {
        let quote = pattern.bytes[pattern.quote]
        guard quote.count <= 2_000, range.count <= 4_000 else { return true }
        return EditDistance.between(quote, text[range]) <= quote.count / 3 + 2
    }
}

/// Levenshtein distance between two byte strings (two rows).
enum EditDistance {
    static func between<A: Collection, B: Collection>(_ a: A, _ b: B) -> Int where A.Element == UInt8, B.Element == UInt8 {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count), current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
