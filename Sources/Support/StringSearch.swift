/// Substring search and replacement over UTF-8 bytes, for code on the reading path: with
/// Foundation imported, `contains`, `range(of:)` and `replacingOccurrences` run Foundation's
/// string code, and without it the standard library's run `_StringProcessing`'s; both page in
/// large objects of code for what is a byte comparison (valid UTF-8 matches on whole
/// characters' bytes). Comparisons are exact: no Unicode canonical equivalence, unlike
/// `String ==` — what file names, CSS, XML attributes and paths need.
extension StringProtocol {
    /// Whether `needle`'s bytes occur in this string's (an empty needle occurs).
    public func containsBytes(_ needle: some StringProtocol) -> Bool {
        firstByteRange(of: needle) != nil
    }

    /// The first occurrence of `needle`'s bytes, as a range of this string's indices.
    public func firstByteRange(of needle: some StringProtocol) -> Range<Index>? {
        let hay = utf8, pattern = Array(needle.utf8)
        guard let first = pattern.first else { return startIndex..<startIndex }
        var i = hay.startIndex
        while let found = hay[i...].firstIndex(of: first) {
            var h = found, matched = true
            for byte in pattern {
                guard h != hay.endIndex, hay[h] == byte else { matched = false; break }
                h = hay.index(after: h)
            }
            if matched { return found..<h }
            i = hay.index(after: found)
        }
        return nil
    }

    /// This string with every occurrence of `target`'s bytes (left to right, not
    /// overlapping) replaced by `replacement`.
    public func replacingBytes(_ target: some StringProtocol, with replacement: some StringProtocol) -> String {
        guard !target.isEmpty else { return String(self) }
        var result = "", rest = self[...]
        while let found = rest.firstByteRange(of: target) {
            result += rest[..<found.lowerBound]
            result += replacement
            rest = rest[found.upperBound...]
        }
        result += rest
        return result
    }

    /// This string without the ASCII white space (space, tab, line feed, carriage return,
    /// form feed, vertical tab) at its two ends.
    public func trimmingASCIIWhitespace() -> SubSequence {
        func isSpace(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" || c == "\u{0B}" || c == "\r\n" }
        let s = self[...]
        guard let first = s.firstIndex(where: { !isSpace($0) }), let last = s.lastIndex(where: { !isSpace($0) }) else {
            return s[s.endIndex...]
        }
        return s[first...last]
    }
}
