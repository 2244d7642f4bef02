/// Finding a stored highlight again in a book's text (docs/ANNOTATIONS.md, "Anchoring"):
/// at its offsets when they still hold its quote; else at an exact occurrence of the
/// quote, the one whose surroundings agree best with the saved context (nearest the old
/// place on a tie); else, when the quote itself was edited, by fuzzy matching — pieces of
/// context + quote vote for where the quote starts, the ends are aligned by edit
/// distance, and the result must stay close to the quote. Pure: bytes in, range out.
public enum HighlightAnchoring {
    /// Where `stored` is in `text` (UTF-8), or nil when it cannot be found. `scale`
    /// (new text length / old) moves the expected place in a book that grew or shrank.
    public static func locate(_ stored: StoredHighlight, in text: UnsafeBufferPointer<UInt8>, scale: Double = 1) -> Range<Int>? {
        let quote = Array(stored.quote.utf8)
        guard !quote.isEmpty, quote.count <= text.count else { return nil }
        if stored.start >= 0, stored.start < stored.end, stored.end <= text.count, stored.end - stored.start == quote.count,
           equal(text, at: stored.start, quote) {
            return stored.start..<stored.end
        }
        let before = Array((stored.before ?? "").utf8), after = Array((stored.after ?? "").utf8)
        let scaled = (Double(max(0, stored.start)) * (scale.isFinite ? max(0, scale) : 1)).rounded()
        let expected = scaled < Double(text.count) ? Int(scaled) : text.count
        let exact = bestExact(quote, before: before, after: after, in: text, expected: expected)
        if let exact, exact.context >= min(8, before.count + after.count) { return exact.range }
        let pattern = AnchorPattern(before: before, quote: quote, after: after)
        if let fuzzy = FuzzyAnchor(pattern: pattern, text: text, expected: expected).locate() { return fuzzy }
        return exact?.range
    }

    /// The occurrence of `quote` whose context agrees best with `before`/`after`.
    static func bestExact(_ quote: [UInt8], before: [UInt8], after: [UInt8], in text: UnsafeBufferPointer<UInt8>,
                          expected: Int) -> (range: Range<Int>, context: Int)? {
        var best: (range: Range<Int>, context: Int, distance: Int)?
        for at in occurrences(of: quote[...], in: text, within: 0..<text.count) {
            let context = commonSuffix(text, before: at, before) + commonPrefix(text, from: at + quote.count, after)
            let distance = abs(at - expected)
            if best == nil || context > best!.context || (context == best!.context && distance < best!.distance) {
                best = (at..<(at + quote.count), context, distance)
            }
        }
        return best.map { ($0.range, $0.context) }
    }

    /// Start offsets of `needle` in `text` inside `window`.
    static func occurrences(of needle: ArraySlice<UInt8>, in text: UnsafeBufferPointer<UInt8>, within window: Range<Int>) -> [Int] {
        guard let first = needle.first, needle.count <= window.count else { return [] }
        var hits: [Int] = []
        var i = window.lowerBound
        let last = window.upperBound - needle.count
        while i <= last {
            if text[i] == first && equal(text, at: i, needle) { hits.append(i) }
            i += 1
        }
        return hits
    }

    static func equal<C: Collection>(_ text: UnsafeBufferPointer<UInt8>, at offset: Int, _ bytes: C) -> Bool where C.Element == UInt8 {
        guard offset >= 0, offset + bytes.count <= text.count else { return false }
        var i = offset
        for b in bytes {
            if text[i] != b { return false }
            i += 1
        }
        return true
    }

    /// How many bytes before `end` in `text` equal the end of `context`.
    static func commonSuffix(_ text: UnsafeBufferPointer<UInt8>, before end: Int, _ context: [UInt8]) -> Int {
        var n = 0
        while n < context.count, end - n - 1 >= 0, text[end - n - 1] == context[context.count - n - 1] { n += 1 }
        return n
    }

    /// How many bytes from `start` in `text` equal the start of `context`.
    static func commonPrefix(_ text: UnsafeBufferPointer<UInt8>, from start: Int, _ context: [UInt8]) -> Int {
        var n = 0
        while n < context.count, start + n < text.count, text[start + n] == context[n] { n += 1 }
        return n
    }
}

/// The text a highlight was saved with: context before, the quote, context after, as one
/// byte string with the quote's place in it.
struct AnchorPattern {
    let bytes: [UInt8]
    /// The quote's bytes inside `bytes`.
    let quote: Range<Int>

    init(before: [UInt8], quote: [UInt8], after: [UInt8]) {
        bytes = before + quote + after
        self.quote = before.count..<(before.count + quote.count)
    }
}
