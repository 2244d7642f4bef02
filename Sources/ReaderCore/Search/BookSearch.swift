import TextContent

/// Searching the book's text with a regular expression, forwards and backwards, across
/// chapters. "Smart case": a pattern without upper-case letters ignores case.
public struct BookSearch {
    /// The pattern as typed.
    public let pattern: String
    private let regex: Regex<AnyRegexOutput>
    private let text: String

    /// Compiles `pattern`; throws a message when it is not a valid regular expression.
    public init(pattern: String, content: TextContent) throws {
        self.pattern = pattern
        var r: Regex<AnyRegexOutput>
        do {
            r = try Regex(pattern)
        } catch {
            throw SearchError.invalidPattern(pattern)
        }
        if !pattern.contains(where: { $0.isUppercase }) { r = r.ignoresCase() }
        regex = r
        text = String(decoding: content.bytes, as: UTF8.self)
    }

    /// Errors.
    public enum SearchError: Error, Equatable {
        case invalidPattern(String)
    }

    private func utf8Offset(_ i: String.Index) -> Int { text.utf8.distance(from: text.startIndex, to: i) }
    private func index(_ o: Int) -> String.Index { text.utf8.index(text.startIndex, offsetBy: min(max(0, o), text.utf8.count)) }

    /// The first match starting at or after `offset`, wrapping around to the start.
    public func next(from offset: ByteOffset) -> ByteRange? {
        if let m = try? regex.firstMatch(in: text[index(offset.rawValue)...]), m.range.lowerBound < m.range.upperBound {
            return ByteRange(utf8Offset(m.range.lowerBound), utf8Offset(m.range.upperBound))
        }
        if let m = try? regex.firstMatch(in: text[...]), m.range.lowerBound < m.range.upperBound {
            return ByteRange(utf8Offset(m.range.lowerBound), utf8Offset(m.range.upperBound))
        }
        return nil
    }

    /// The last match starting before `offset`, wrapping around to the end.
    public func previous(before offset: ByteOffset) -> ByteRange? {
        func last(in sub: Substring) -> ByteRange? {
            var found: ByteRange?
            for m in sub.matches(of: regex) where m.range.lowerBound < m.range.upperBound {
                found = ByteRange(utf8Offset(m.range.lowerBound), utf8Offset(m.range.upperBound))
            }
            return found
        }
        // Look back in growing windows so a search near the position stays cheap.
        var window = 64 * 1024
        while true {
            let lower = max(0, offset.rawValue - window)
            if let r = last(in: text[index(lower)..<index(offset.rawValue)]) { return r }
            if lower == 0 { break }
            window *= 4
        }
        return last(in: text[index(offset.rawValue)...])
    }

    /// All matches inside `range` (for highlighting what is on screen).
    public func matches(in range: ByteRange) -> [ByteRange] {
        let sub = text[index(range.lowerBound.rawValue)..<index(range.upperBound.rawValue)]
        return sub.matches(of: regex).compactMap { m in
            m.range.lowerBound < m.range.upperBound ? ByteRange(utf8Offset(m.range.lowerBound), utf8Offset(m.range.upperBound)) : nil
        }
    }
}
