import ReaderCore
import ReaderState
import TextContent

/// The book's highlights in its state: read back (found again by their text when the
/// offsets no longer hold it) and written when they change.
extension BookSession {
    /// The saved highlights that are found in this book (`HighlightAnchoring`: at their
    /// offsets when the text there is still their quote, else by the quote and its saved
    /// context, fuzzily when the quote was edited); the others are left out (and kept in
    /// the state until the next save of highlights).
    public var savedHighlights: [TextHighlight] {
        Self.anchored(state.highlights ?? [], in: content).map { stored, range in
            TextHighlight(id: stored.id, range: range, color: HighlightColor(name: stored.color) ?? .yellow, note: stored.note)
        }
    }

    /// The highlights of `stored` found in `content`, with where they are now.
    static func anchored(_ stored: [StoredHighlight], in content: TextContent) -> [(StoredHighlight, ByteRange)] {
        content.bytes.withUnsafeBufferPointer { bytes in
            stored.compactMap { h in
                HighlightAnchoring.locate(h, in: bytes).map { (h, ByteRange($0.lowerBound, $0.upperBound)) }
            }
        }
    }

    /// The stored form of `h`: its note sanitised (`TextSanitizer`), its quote, up to `StoredHighlight.contextLength` bytes of
    /// whole characters each side, its chapter.
    func stored(_ h: TextHighlight, created: Double, updated: Double) -> StoredHighlight {
        let bytes = content.bytes.count, reach = StoredHighlight.contextLength
        var from = max(0, h.range.lowerBound.rawValue - reach), to = min(bytes, h.range.upperBound.rawValue + reach)
        content.bytes.withUnsafeBufferPointer { b in
            while from < h.range.lowerBound.rawValue, b[from] & 0xC0 == 0x80 { from += 1 }
            while to > h.range.upperBound.rawValue, to < bytes, b[to] & 0xC0 == 0x80 { to -= 1 }
        }
        return StoredHighlight(id: h.id, start: h.range.lowerBound.rawValue, end: h.range.upperBound.rawValue,
                               chapter: content.chapterIndex(containing: h.range.lowerBound) ?? 0, color: h.color.name,
                               note: h.note.map(TextSanitizer.sanitize), quote: content.string(in: h.range), created: created, updated: updated,
                               before: content.string(in: ByteRange(from, h.range.lowerBound.rawValue)),
                               after: content.string(in: ByteRange(h.range.upperBound.rawValue, to)))
    }

    /// Writes `highlights` with the book's state (durably, as positions are). A partial
    /// session writes none: its offsets are not the whole book's. Dated `now` (seconds since 1970).
    public func saveHighlights(_ highlights: [TextHighlight], now: Double = WallClock.now()) throws {
        guard !isPartial else { return }
        var state = self.state
        let old = Dictionary((state.highlights ?? []).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let list = highlights.map { h -> StoredHighlight in
            var stored = self.stored(h, created: old[h.id]?.created ?? now, updated: now)
            if let before = old[h.id], before.color == stored.color, before.note == stored.note, before.quote == stored.quote,
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
