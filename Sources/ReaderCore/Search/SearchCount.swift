import Support
import TextContent

/// The matches of a search counted across the book a piece at a time, as idle work, so
/// that the status line can say "match 3/42" without a key press waiting for the whole
/// book.
///
/// Each piece is about `chunk` bytes of the text from where the last one ended, extended
/// to the end of its paragraph; a match is found whole when it lies within a piece (a
/// match across a paragraph break at a piece's end is not counted).
struct SearchCount {
    /// Start offsets of the matches counted so far, in order.
    private(set) var starts: [ByteOffset] = []
    /// The text is counted up to here.
    private(set) var counted = 0
    /// The length of the text.
    let textLength: Int

    /// The piece counted by one step of idle work, in bytes: at most about 4 ms of
    /// matching in a release build (a case-insensitive pattern matches about 18 MB/s;
    /// see docs/PERFORMANCE.md, "Search"), so a key press never waits longer behind it.
    static let idleChunk = 64 * 1024

    /// Nothing counted yet of a text of `textLength` bytes.
    init(textLength: Int) {
        self.textLength = textLength
    }

    /// Whether the whole text is counted.
    var isComplete: Bool { counted >= textLength }

    /// Counts the matches of `search` in the next piece of about `chunk` bytes.
    mutating func countNext(_ search: BookSearch, chunk: Int) {
        guard !isComplete else { return }
        let end = max(counted + 1, search.paragraphEnd(after: counted + max(1, chunk), reach: 1 << 20))
        let upper = min(textLength, end)
        starts += search.matches(in: ByteRange(counted, upper)).map(\.lowerBound)
        counted = upper
    }

    /// The 1-based number of `match` among the matches, when the text up to it is counted.
    func ordinal(of match: ByteRange) -> Int? {
        guard match.lowerBound.rawValue < counted || isComplete else { return nil }
        return max(1, starts.partitioningIndex { $0 > match.lowerBound })
    }

    /// What the status line says about `match`: "match 3/42", "match 3/…" while counting
    /// the rest, "match …" before the count reaches it.
    func text(for match: ByteRange) -> String {
        guard let n = ordinal(of: match) else { return "match …" }
        return isComplete ? "match \(n)/\(starts.count)" : "match \(n)/…"
    }
}
