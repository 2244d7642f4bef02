import Foundation
import ReaderCore
import ReaderState
import TextContent

/// The book's highlights in its state: read back (found again by their text when the
/// offsets no longer hold it) and written when they change.
extension BookSession {
    /// The saved highlights that are found in this book: at their offsets when the text
    /// there is still their quote, else at the occurrence of the quote nearest to them;
    /// the others are left out (and kept in the state until the next save of highlights).
    public var savedHighlights: [TextHighlight] {
        (state.highlights ?? []).compactMap { stored in
            guard let range = Self.locate(stored, in: content) else { return nil }
            return TextHighlight(id: stored.id, range: range, color: HighlightColor(name: stored.color) ?? .yellow, note: stored.note)
        }
    }

    /// Where `stored`'s quote is in `content`.
    static func locate(_ stored: StoredHighlight, in content: TextContent) -> ByteRange? {
        let length = content.bytes.count
        guard !stored.quote.isEmpty else { return nil }
        if stored.start >= 0, stored.start < stored.end, stored.end <= length,
           content.string(in: ByteRange(stored.start, stored.end)) == stored.quote {
            return ByteRange(stored.start, stored.end)
        }
        let quote = Array(stored.quote.utf8)
        let found: [Int] = content.bytes.withUnsafeBufferPointer { bytes in
            var hits: [Int] = []
            guard quote.count <= bytes.count else { return hits }
            var i = 0
            while i + quote.count <= bytes.count {
                if bytes[i] == quote[0] && bytes[i..<(i + quote.count)].elementsEqual(quote) { hits.append(i) }
                i += 1
            }
            return hits
        }
        guard let best = found.min(by: { abs($0 - stored.start) < abs($1 - stored.start) }) else { return nil }
        return ByteRange(best, best + quote.count)
    }

    /// Writes `highlights` with the book's state (durably, as positions are). A partial
    /// session writes none: its offsets are not the whole book's.
    public func saveHighlights(_ highlights: [TextHighlight], now: Date = Date()) throws {
        guard !isPartial else { return }
        var state = self.state
        let old = Dictionary((state.highlights ?? []).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let time = now.timeIntervalSince1970
        let list = highlights.map { h -> StoredHighlight in
            let quote = content.string(in: h.range)
            var stored = StoredHighlight(id: h.id, start: h.range.lowerBound.rawValue, end: h.range.upperBound.rawValue,
                                         chapter: content.chapterIndex(containing: h.range.lowerBound) ?? 0, color: h.color.name,
                                         note: h.note, quote: quote, created: old[h.id]?.created ?? time, updated: time)
            if let before = old[h.id], before.color == stored.color, before.note == stored.note, before.quote == quote,
               before.start == stored.start { stored.updated = before.updated }
            return stored
        }
        state.highlights = list.isEmpty ? nil : list
        try store.save(state)
        loadedState.state = state
    }

    /// A new highlight id: 16 random hex digits.
    static func newHighlightID() -> String {
        String(UInt64.random(in: 0...UInt64.max), radix: 16)
    }
}
