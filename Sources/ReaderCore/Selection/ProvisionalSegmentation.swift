// PROVISIONAL (issue #21 is open on it): visual mode's words and sentences until the
// UAX #29 word and sentence boundaries (with ICU's dictionary words for CJK and Thai)
// are in TextLayout. A word is a run of letters, digits and marks (format characters
// such as U+00AD inside it), kept whole across one apostrophe, full stop, comma or
// hyphen between two of them ("don't", "3.14", "e-mail"); each ideograph and kana is a
// word of its own. A sentence ends after . ! ? 。 ！ ？ and the spaces that follow.

/// A piece of text between two word boundaries.
struct WordSegment: Hashable, Sendable {
    /// Byte offsets into the buffer given.
    var range: Range<Int>
    /// Whether it holds a letter, digit or ideograph.
    var isWord: Bool
}

/// Words of a block (provisional rules, see the file's header).
enum WordBoundaries {
    /// The segments of `utf8`, covering it.
    static func words(in utf8: UnsafeBufferPointer<UInt8>) -> [WordSegment] {
        let scalars = Array(String(decoding: utf8, as: UTF8.self).unicodeScalars)
        var out: [WordSegment] = []
        var at = 0, start = 0, i = 0
        var inWord: Bool?
        while i < scalars.count {
            let s = scalars[i]
            let word = isWordScalar(s) || (inWord == true && isMidWord(s, next: i + 1 < scalars.count ? scalars[i + 1] : nil))
            let alone = isIdeographic(s)
            if inWord != word || alone || (inWord == true && i > 0 && isIdeographic(scalars[i - 1])) {
                if let w = inWord, at > start { out.append(WordSegment(range: start..<at, isWord: w)) }
                start = at
                inWord = word
            }
            at += String(s).utf8.count
            i += 1
        }
        if let w = inWord, at > start { out.append(WordSegment(range: start..<at, isWord: w)) }
        return out
    }

    private static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        case .format: return s.value != 0xFEFF
        default: return false
        }
    }

    /// An apostrophe, full stop, comma or hyphen with a letter or digit after it.
    private static func isMidWord(_ s: Unicode.Scalar, next: Unicode.Scalar?) -> Bool {
        guard let next, isWordScalar(next), !isIdeographic(next) else { return false }
        return ["'", "\u{2019}", ".", ",", "-", "\u{2010}", "\u{2011}", ":"].contains(s)
    }

    private static func isIdeographic(_ s: Unicode.Scalar) -> Bool {
        s.properties.isIdeographic || (0x3040...0x30FF).contains(s.value)
    }
}

/// Sentences of a block (provisional rules, see the file's header).
enum SentenceBoundaries {
    /// Where sentences start in `utf8`: 0, then after each terminator and its spaces.
    static func starts(in utf8: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts = [0]
        let text = String(decoding: utf8, as: UTF8.self)
        var at = 0
        // 1: after a terminator (closing quotes may follow), 2: after its spaces.
        var state = 0
        for s in text.unicodeScalars {
            let n = String(s).utf8.count
            if state > 0 && !s.properties.isWhitespace {
                if state == 2 && at < utf8.count && at > starts.last! { starts.append(at) }
                state = state == 1 && "\"'”’)»」』".unicodeScalars.contains(s) ? 1 : 0
            }
            if ".!?".unicodeScalars.contains(s) { state = 1 }
            else if "。！？".unicodeScalars.contains(s) { state = 2 }
            else if state == 1 && s.properties.isWhitespace { state = 2 }
            at += n
        }
        return starts
    }
}
