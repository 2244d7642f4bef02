import TextContent

/// The script classes reading speed is learned for: CJK text (Han, Hiragana, Katakana,
/// Hangul: one character is about a word's worth of reading) and alphabetic text (Latin,
/// Cyrillic, Greek, Arabic, Hebrew, Indic…, and digits).
public enum ScriptClass: String, CaseIterable, Sendable {
    /// Letters and digits of alphabets, abjads and abugidas.
    case alphabetic
    /// Han ideographs, kana and Hangul.
    case cjk

    /// The class of scalar `v`, or nil when it is not counted (spaces, punctuation, symbols).
    public static func of(_ v: UInt32) -> ScriptClass? {
        if v < 0x80 {
            let lower = v | 0x20
            return (lower >= 0x61 && lower <= 0x7A) || (v >= 0x30 && v <= 0x39) ? .alphabetic : nil
        }
        switch v {
        case 0x80...0xBF, 0x2000...0x206F, 0x3000...0x3004, 0x3008...0x3020: return nil   // punctuation, spaces, signs
        case 0xC0...0x24F: return v == 0xD7 || v == 0xF7 ? nil : .alphabetic                 // Latin letters (not × ÷)
        default: break
        }
        if isCJK(v) { return .cjk }
        guard let scalar = Unicode.Scalar(v) else { return nil }
        let p = scalar.properties
        return p.isAlphabetic || p.numericType == .decimal ? .alphabetic : nil
    }

    private static func isCJK(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x11FF, 0x3005...0x3007, 0x3040...0x30FF, 0x3130...0x318F, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }
}

/// Characters (letters, digits, ideographs: not spaces or punctuation) per script class.
public struct ScriptCounts: Hashable, Sendable {
    /// Alphabetic characters.
    public var alphabetic = 0
    /// CJK characters.
    public var cjk = 0

    /// No characters.
    public init(alphabetic: Int = 0, cjk: Int = 0) {
        self.alphabetic = alphabetic
        self.cjk = cjk
    }

    /// The count of class `c`.
    public subscript(_ c: ScriptClass) -> Int {
        get { c == .cjk ? cjk : alphabetic }
        set { if c == .cjk { cjk = newValue } else { alphabetic = newValue } }
    }

    /// Both classes together.
    public var total: Int { alphabetic + cjk }

    /// Sums.
    public static func + (a: ScriptCounts, b: ScriptCounts) -> ScriptCounts {
        ScriptCounts(alphabetic: a.alphabetic + b.alphabetic, cjk: a.cjk + b.cjk)
    }

    /// Differences.
    public static func - (a: ScriptCounts, b: ScriptCounts) -> ScriptCounts {
        ScriptCounts(alphabetic: a.alphabetic - b.alphabetic, cjk: a.cjk - b.cjk)
    }

    /// The counts as the statistics files write them (`alphabetic`, `cjk`), zero classes left out.
    public var named: [String: Int] {
        var d: [String: Int] = [:]
        for c in ScriptClass.allCases where self[c] > 0 { d[c.rawValue] = self[c] }
        return d
    }

    /// Counts the characters of `bytes[range]` (UTF-8; a range starting inside a
    /// character skips its continuation bytes).
    public static func count(_ bytes: [UInt8], _ range: Range<Int>) -> ScriptCounts {
        bytes.withUnsafeBufferPointer { count($0, range) }
    }

    private static func count(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> ScriptCounts {
        var alphabetic = 0, cjk = 0
        let end = min(range.upperBound, bytes.count)
        var i = max(0, range.lowerBound)
        while i < end {
            let lead = bytes[i]
            if lead < 0x80 {   // ASCII: most of most books
                let lower = lead | 0x20
                if (lower >= 0x61 && lower <= 0x7A) || (lead >= 0x30 && lead <= 0x39) { alphabetic += 1 }
                i += 1
                continue
            }
            var v = UInt32(lead), length = 2
            if lead >= 0xF0 { v &= 0x07; length = 4 } else if lead >= 0xE0 { v &= 0x0F; length = 3 }
            else if lead >= 0xC0 { v &= 0x1F } else { i += 1; continue }
            guard i + length <= bytes.count else { break }
            for k in 1..<length { v = v << 6 | UInt32(bytes[i + k] & 0x3F) }
            switch ScriptClass.of(v) {
            case .alphabetic?: alphabetic += 1
            case .cjk?: cjk += 1
            case nil: break
            }
            i += length
        }
        return ScriptCounts(alphabetic: alphabetic, cjk: cjk)
    }

    /// Counts the characters of `content` between two offsets.
    public static func count(_ content: TextContent, from start: ByteOffset, to end: ByteOffset) -> ScriptCounts {
        count(content.bytes, start.rawValue..<max(start.rawValue, end.rawValue))
    }
}
