import TextContent

/// Searching the book's text with a regular expression, forwards and backwards, across
/// chapters, in every script.
///
/// "Smart case", as less's `-i` and vim's `smartcase`: a pattern without an upper-case
/// letter ignores case (Latin, Cyrillic, Greek… — `pierre` finds "Pierre", `наташа`
/// "Наташа", `σοφία` "Σοφία"); a letter after a backslash (`\S`, `\W`, `\p{Lu}`) is part of
/// an escape and does not count. A paragraph's text is contiguous, so a phrase the layout
/// wraps over two lines is one match; a paragraph break is a `\n` (which `\s` matches).
public struct BookSearch {
    /// The pattern as typed.
    public let pattern: String
    /// Whether case is ignored (the pattern has no upper-case letter).
    public let ignoresCase: Bool
    private let compiled: CompiledPattern
    private var regex: Regex<AnyRegexOutput> { compiled.regex }
    private let text: String
    private let bytes: [UInt8]

    /// Compiles `pattern`; throws a message when it is not a valid regular expression.
    public init(pattern: String, content: TextContent) throws {
        self.pattern = pattern
        var r: Regex<AnyRegexOutput>
        do {
            r = try Regex(pattern)
        } catch {
            throw SearchError.invalidPattern(pattern)
        }
        ignoresCase = !Self.hasUpperCaseLetter(pattern)
        if ignoresCase { r = r.ignoresCase() }
        compiled = CompiledPattern(r)
        text = String(decoding: content.bytes, as: UTF8.self)
        bytes = content.bytes
    }

    /// Errors.
    public enum SearchError: Error, Equatable {
        case invalidPattern(String)
    }

    /// Whether `pattern` has an upper-case letter outside escapes: the letter after a
    /// backslash (`\S`, `\W`), a property or name in braces (`\p{Lu}`, `\N{…}`), or the
    /// single letter of `\pL`, and the hex digits of `\x41`, `\u00C9`, `\x{…}` do not count.
    static func hasUpperCaseLetter(_ pattern: String) -> Bool {
        let chars = Array(pattern)
        var i = 0
        while i < chars.count {
            guard chars[i] == "\\" else {
                if chars[i].isUppercase { return true }
                i += 1
                continue
            }
            i += 1
            guard i < chars.count else { break }
            let escape = chars[i]
            i += 1
            if "pPNxuU".contains(escape), i < chars.count, chars[i] == "{" {
                while i < chars.count && chars[i] != "}" { i += 1 }
                i += 1
            } else if "pP".contains(escape) {
                i += 1   // \pL
            } else if "xuU".contains(escape) {
                let digits = escape == "x" ? 2 : escape == "u" ? 4 : 8
                var n = 0
                while n < digits && i < chars.count && chars[i].isHexDigit { i += 1; n += 1 }
            }
        }
        return false
    }

    /// The length of the text in bytes.
    public var textLength: Int { bytes.count }

    private func utf8Offset(_ i: String.Index) -> Int { text.utf8.distance(from: text.startIndex, to: i) }
    private func index(_ o: Int) -> String.Index { text.utf8.index(text.startIndex, offsetBy: min(max(0, o), text.utf8.count)) }
    private func byteRange(_ r: Range<String.Index>) -> ByteRange { ByteRange(utf8Offset(r.lowerBound), utf8Offset(r.upperBound)) }

    /// The first non-empty match inside `lower..<upper` (byte offsets).
    private func firstMatch(from lower: Int, to upper: Int) -> ByteRange? {
        let end = index(upper)
        var start = index(lower)
        while start < end {
            guard let m = try? regex.firstMatch(in: text[start..<end]) else { return nil }
            if m.range.lowerBound < m.range.upperBound { return byteRange(m.range) }
            // An empty match (`x*`): look again from the next character.
            guard m.range.lowerBound < end else { return nil }
            start = text.index(after: m.range.lowerBound)
        }
        return nil
    }

    /// The first match starting at or after `offset`, wrapping around to the start.
    public func next(from offset: ByteOffset) -> ByteRange? {
        // Wrapped: the text before `offset` is left (to the end of its paragraph, for a
        // match that starts before `offset`).
        firstMatch(from: offset.rawValue, to: textLength)
            ?? firstMatch(from: 0, to: paragraphEnd(after: offset.rawValue, reach: 1 << 20))
    }

    /// The match after `match`: the first one starting at or after its end, wrapping
    /// around to the start. (From its end, not from its first byte plus one, which would
    /// fall inside a multi-byte character and find `match` again.)
    public func next(after match: ByteRange) -> ByteRange? {
        next(from: match.upperBound)
    }

    /// The last match starting before `offset`, wrapping around to the end.
    public func previous(before offset: ByteOffset) -> ByteRange? {
        func last(in sub: Substring) -> ByteRange? {
            var found: ByteRange?
            for m in sub.matches(of: regex) where m.range.lowerBound < m.range.upperBound {
                found = byteRange(m.range)
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

    /// All matches inside `range`, in order, not overlapping (the first of two that would
    /// overlap wins).
    public func matches(in range: ByteRange) -> [ByteRange] {
        let sub = text[index(range.lowerBound.rawValue)..<index(range.upperBound.rawValue)]
        return sub.matches(of: regex).compactMap { m in
            m.range.lowerBound < m.range.upperBound ? byteRange(m.range) : nil
        }
    }

    /// The matches that overlap `range` (for highlighting what is on screen): searched from
    /// the start of the paragraph around `range.lowerBound` to the end of the one around
    /// `range.upperBound` (at most `reach` bytes further each way), so that a match the
    /// page's first or last row cuts is found whole.
    public func matches(overlapping range: ByteRange, reach: Int = 4096) -> [ByteRange] {
        let lower = paragraphStart(before: range.lowerBound.rawValue, reach: reach)
        let upper = paragraphEnd(after: range.upperBound.rawValue, reach: reach)
        return matches(in: ByteRange(lower, upper)).filter {
            $0.upperBound > range.lowerBound && $0.lowerBound < range.upperBound
        }
    }

    /// The offset just after the `\n` before `offset` (0 at the start), looking back at most `reach` bytes.
    func paragraphStart(before offset: Int, reach: Int) -> Int {
        var lower = min(max(0, offset), bytes.count)
        let lowest = max(0, lower - reach)
        while lower > lowest && bytes[lower - 1] != 0x0A { lower -= 1 }
        return lower
    }

    /// The offset of the first `\n` at or after `offset` (the end of the text without
    /// one), looking at most `reach` bytes ahead.
    func paragraphEnd(after offset: Int, reach: Int) -> Int {
        var upper = min(max(0, offset), bytes.count)
        let highest = min(bytes.count, upper + reach)
        while upper < highest && bytes[upper] != 0x0A { upper += 1 }
        return upper
    }
}

/// The compiled pattern behind a reference: `BookSearch`'s layout, and that of every type
/// holding one (`ReadingContext`, which every session makes), then needs no `Regex`
/// metadata, whose instantiation would page in `_StringProcessing`'s code in every session,
/// searched or not.
private final class CompiledPattern: @unchecked Sendable {
    let regex: Regex<AnyRegexOutput>
    init(_ regex: Regex<AnyRegexOutput>) { self.regex = regex }
}
