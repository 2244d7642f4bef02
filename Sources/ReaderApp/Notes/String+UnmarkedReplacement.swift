import UnicodeData

extension StringProtocol {
    /// This string with every `target` (an ASCII character) replaced by `replacement`,
    /// except where a Grapheme_Cluster_Break=Extend scalar (a combining mark, a variation
    /// selector, an emoji modifier…) follows it: what Foundation's
    /// `replacingOccurrences(of:with:)` does without options, which `reader notes`' Markdown
    /// used. Foundation takes the target as a whole character only at its end: "<" with an
    /// accent on it stays, but the "\n" of "\r\n", or a "<" after a prepended mark, is
    /// replaced. Foundation's data is Unicode 15.0's, as are the reader's own tables
    /// (`UnicodeProperties`), whose Grapheme_Cluster_Break is used here (the standard
    /// library's `isGraphemeExtend` is a later version's, and leaves emoji modifiers out).
    func replacingUnmarked(_ target: Unicode.Scalar, with replacement: String) -> String {
        let byte = UInt8(ascii: target)
        guard utf8.contains(byte) else { return String(self) }
        var result = ""
        result.reserveCapacity(utf8.count)
        var pending = false   // a target seen, kept back until the next scalar is known
        for scalar in unicodeScalars {
            if pending {
                let marked = UnicodeProperties.shared.record(scalar).graphemeBreak == .extend
                if marked { result.unicodeScalars.append(target) } else { result += replacement }
                pending = false
            }
            if scalar == target { pending = true } else { result.unicodeScalars.append(scalar) }
        }
        if pending { result += replacement }
        return result
    }
}
