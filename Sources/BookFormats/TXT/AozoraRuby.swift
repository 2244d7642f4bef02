/// Which text an Aozora ruby `base《reading》` without `｜` annotates: the run of
/// characters of one script class right before `《` — kanji (CJK ideographs of every
/// block and extension, compatibility ideographs, 々 〆 〇 ヶ ヵ 〻, and gaiji from a
/// `※［＃…］` note), else katakana (with ー), hiragana, or letters and digits (ASCII,
/// full-width, Latin, Greek, Cyrillic). Anything else (punctuation, spaces, the start of
/// the line) has no base: the `《reading》` then stays as text.
enum AozoraRuby {
    /// The script class of a character for base detection.
    enum ScriptClass: Equatable {
        case kanji, katakana, hiragana, alphanumeric, other
    }

    /// The class of `v` (a scalar value).
    static func scriptClass(_ v: UInt32) -> ScriptClass {
        switch v {
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x3FFFF, 0xF900...0xFAFF, 0x2F800...0x2FA1F,
             0x3005, 0x3006, 0x3007, 0x303B, 0x30F5, 0x30F6:
            return .kanji
        case 0x30A1...0x30FA, 0x30FC...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F:
            return .katakana
        case 0x3041...0x3096, 0x309D...0x309F:
            return .hiragana
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0xFF10...0xFF19, 0xFF21...0xFF3A, 0xFF41...0xFF5A,
             0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F, 0x370...0x3FF, 0x400...0x4FF:
            return .alphanumeric
        default:
            return .other
        }
    }

    /// The start of the base ending at `end` (exclusive) of `utf8`, not before `floor`:
    /// the run of characters of the class of the last one. `end` itself when there is none.
    static func runStart(_ utf8: UnsafeBufferPointer<UInt8>, floor: Int, end: Int, of cls: inout ScriptClass?) -> Int {
        var i = end
        while i > floor {
            var s = i - 1
            while s > floor && utf8[s] & 0xC0 == 0x80 { s -= 1 }
            let c = scriptClass(scalar(utf8, s, i))
            if cls == nil {
                guard c != .other else { return i }
                cls = c
            }
            guard c == cls else { return i }
            i = s
        }
        return i
    }

    /// The scalar encoded in `utf8[s..<e]` (one UTF-8 sequence; 0xFFFD if invalid).
    @inline(__always) static func scalar(_ utf8: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> UInt32 {
        let b0 = UInt32(utf8[s])
        switch e - s {
        case 1: return b0
        case 2: return (b0 & 0x1F) << 6 | UInt32(utf8[s + 1] & 0x3F)
        case 3: return (b0 & 0x0F) << 12 | UInt32(utf8[s + 1] & 0x3F) << 6 | UInt32(utf8[s + 2] & 0x3F)
        case 4: return (b0 & 0x07) << 18 | UInt32(utf8[s + 1] & 0x3F) << 12 | UInt32(utf8[s + 2] & 0x3F) << 6 | UInt32(utf8[s + 3] & 0x3F)
        default: return 0xFFFD
        }
    }
}
