/// The first pass over a word: where its letters are, how many there are, and whether it
/// is one to hyphenate at all.
///
/// The *core* runs from the first letter to the last letter (with the combining marks
/// after it); punctuation before and after it (quotes, brackets, a final `.` or `,`) is
/// ignored, so the caller may pass a segment as the line breaker cut it. Refused (no
/// points): a digit anywhere; `/` or `@` anywhere (URLs, e-mail addresses, paths); a
/// hyphen of any kind (`-`, U+2010, U+2011) or a soft hyphen (U+00AD) anywhere — the
/// text already says where it breaks; inside the core anything but letters, combining
/// marks and apostrophes (`.` in `e.g.`, `&`, `_`…); all capitals (two letters or more,
/// all upper case: acronyms); fewer characters than the two minimums together; invalid
/// UTF-8; more than `maximumBytes` bytes.
struct WordScan {
    /// Byte range of the core in the word.
    var coreStart = 0
    var coreEnd = 0
    /// Letters and apostrophes of the core (combining marks ride on their letter).
    var units = 0

    static let maximumBytes = 256

    /// Scans `word`; nil when it is refused.
    init?(_ word: UnsafeBufferPointer<UInt8>, minimumUnits: Int) {
        guard word.count <= Self.maximumBytes else { return nil }
        var i = 0
        var letters = 0, upper = 0
        var sawCoreEnd = false
        var first = -1
        while i < word.count {
            guard let (scalar, length) = UTF8Scalar.decode(word, at: i) else { return nil }
            switch CharacterClass(scalar) {
            case .refused:
                return nil
            case .letter(let isUpper):
                if sawCoreEnd { return nil }   // letters after inner punctuation: `a.b`, `a"b`
                if first < 0 { first = i }
                letters += 1
                units += 1
                if isUpper { upper += 1 }
                coreEnd = i + length
            case .mark:
                if first >= 0, !sawCoreEnd, coreEnd == i { coreEnd = i + length }
            case .apostrophe:
                if first >= 0, !sawCoreEnd { units += 1 }
            case .other:
                if first >= 0 { sawCoreEnd = true }
            }
            i += length
        }
        guard first >= 0 else { return nil }
        coreStart = first
        // Apostrophes after the last letter are trailing punctuation, not part of the core.
        units -= Self.trailingApostrophes(word, from: coreEnd, to: word.count, sawCoreEnd: sawCoreEnd)
        if letters >= 2, upper == letters { return nil }
        guard units >= minimumUnits else { return nil }
    }

    /// Apostrophes counted in `units` that come after the core's last letter.
    private static func trailingApostrophes(_ word: UnsafeBufferPointer<UInt8>, from: Int, to: Int, sawCoreEnd: Bool) -> Int {
        var count = 0
        var i = from
        while i < to, let (scalar, length) = UTF8Scalar.decode(word, at: i) {
            if case .other = CharacterClass(scalar) { break }
            if case .apostrophe = CharacterClass(scalar) { count += 1 }
            i += length
        }
        return count
    }
}

/// How the scan and the preparation see one scalar.
enum CharacterClass {
    case letter(upper: Bool)
    case mark
    case apostrophe
    case refused
    case other

    init(_ scalar: Unicode.Scalar) {
        let v = scalar.value
        if v < 0x80 {
            switch UInt8(v) {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): self = .letter(upper: false)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): self = .letter(upper: true)
            case UInt8(ascii: "'"): self = .apostrophe
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "@"), UInt8(ascii: "-"):
                self = .refused
            default: self = .other
            }
            return
        }
        switch v {
        case 0x2019, 0x02BC: self = .apostrophe
        case 0x00AD, 0x2010, 0x2011: self = .refused
        default:
            let properties = scalar.properties
            if properties.numericType != nil { self = .refused; return }
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: self = .mark
            default:
                self = properties.isAlphabetic ? .letter(upper: properties.isUppercase) : .other
            }
        }
    }
}

/// A bounds-checked UTF-8 decoder for one scalar (no overlongs, no surrogates).
enum UTF8Scalar {
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (Unicode.Scalar, Int)? {
        let b0 = bytes[i]
        if b0 < 0x80 { return (Unicode.Scalar(b0), 1) }
        let length: Int
        var value: UInt32
        switch b0 {
        case 0xC2...0xDF: length = 2; value = UInt32(b0 & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(b0 & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(b0 & 0x07)
        default: return nil
        }
        guard i + length <= bytes.count else { return nil }
        for k in 1..<length {
            let b = bytes[i + k]
            guard b & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(b & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
