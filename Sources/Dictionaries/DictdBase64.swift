/// dictd's base-64 numbers (the offset and length columns of a `.index`): digits
/// `A`–`Z` `a`–`z` `0`–`9` `+` `/` for 0–63, most significant first.
enum DictdBase64 {
    /// The number the digits spell, or nil when a byte is not a digit, there are none, or
    /// there are more than ten (past 60 bits).
    static func decode(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 10 else { return nil }
        var value = 0
        for b in digits {
            guard let d = digit(b) else { return nil }
            value = value << 6 | d
        }
        return value
    }

    /// The value of one digit.
    static func digit(_ b: UInt8) -> Int? {
        switch b {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return Int(b - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return Int(b - UInt8(ascii: "a")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(b - UInt8(ascii: "0")) + 52
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        default: return nil
        }
    }

    /// The digits of `value` (for tests and fixtures).
    static func encode(_ value: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var v = value, out: [Character] = []
        repeat { out.append(alphabet[v & 63]); v >>= 6 } while v > 0
        return String(out.reversed())
    }
}
