/// One pass over a text buffer that finds the first invalid UTF-8 sequence, the first
/// forbidden control byte (`TextSanitizer.isForbiddenByte`) and the first C1 control
/// (U+0080…U+009F) — what `TextContent.validate()` must reject.
///
/// Loading a cached book checks ~3 MB of text before the first frame, so ASCII is checked
/// eight bytes at a time (one load, two SWAR tests), and runs of the common two- and
/// three-byte sequences (Cyrillic, Greek, Hebrew, Arabic; CJK and most of the BMP) one
/// four-byte load and a mask each; only words with a control byte and the remaining
/// sequences go byte by byte.
public struct TextBytesCheck: Equatable, Sendable {
    /// Offset of the first byte that does not start or continue a valid UTF-8 sequence
    /// (overlong forms, surrogates, code points above U+10FFFF and truncated sequences count).
    public var firstInvalidUTF8: Int?
    /// Offset of the first forbidden control byte (C0 other than tab and line feed, or DEL).
    public var firstControl: Int?
    /// Offset of the first C1 control's lead byte (C2 80 … C2 9F).
    public var firstC1: Int?

    /// Whether nothing was found.
    public var isClean: Bool { firstInvalidUTF8 == nil && firstControl == nil && firstC1 == nil }

    /// Checks `bytes`.
    public static func check(_ bytes: UnsafeBufferPointer<UInt8>) -> TextBytesCheck {
        var result = TextBytesCheck()
        guard let base = bytes.baseAddress else { return result }
        let n = bytes.count
        let raw = UnsafeRawPointer(base)
        let high: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        var i = 0
        while i < n {
            if i + 8 <= n {
                let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if w & high == 0 {
                    // All ASCII. A byte below 0x20 or equal to 0x7F sets its high bit in
                    // one of these (exact for ASCII bytes, up to carries above a hit).
                    let below20 = (w &- 0x20 &* ones) & ~w & high
                    let x7F = w ^ (0x7F &* ones)
                    let is7F = (x7F &- ones) & ~x7F & high
                    if below20 | is7F != 0 && result.firstControl == nil {
                        for k in i..<(i + 8) where TextSanitizer.isForbiddenByte(base[k]) {
                            result.firstControl = k
                            break
                        }
                    }
                    i += 8
                    continue
                }
            }
            let b = base[i]
            if b >= 0x80, i + 4 <= n {
                let next = skipCommonSequences(raw, from: i, count: n)
                if next > i { i = next; continue }
            }
            if b < 0x80 {
                if result.firstControl == nil && TextSanitizer.isForbiddenByte(b) { result.firstControl = i }
                i += 1
                continue
            }
            let length = sequenceLength(base, i, n)
            if length == 0 {
                if result.firstInvalidUTF8 == nil { result.firstInvalidUTF8 = i }
                i += 1
                continue
            }
            if b == 0xC2 && base[i + 1] < 0xA0 && result.firstC1 == nil { result.firstC1 = i }
            i += length
            if result.firstInvalidUTF8 != nil && result.firstControl != nil && result.firstC1 != nil { break }
        }
        return result
    }

    /// The offset after the run of common valid sequences starting at `i` (while four bytes
    /// can be loaded): two-byte sequences with a lead C3…DF, or C2 followed by A0…BF (not a
    /// C1 control), and three-byte ones with a lead E1…EC or EE…EF, whose second byte is
    /// any continuation byte (Unicode 15.0 §3.9, Table 3-7) — two of those a step when
    /// eight bytes can be loaded. `i` itself when the first is none of them; E0, ED and
    /// four-byte sequences are left to `sequenceLength`.
    @inline(__always)
    private static func skipCommonSequences(_ raw: UnsafeRawPointer, from start: Int, count n: Int) -> Int {
        var i = start
        while i + 8 <= n {
            let w = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            guard w & 0xC0C0_F0C0_C0F0 == 0x8080_E080_80E0, plainLead(w), plainLead(w >> 24) else { break }
            i &+= 6
        }
        while i + 4 <= n {
            let w = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt32.self))
            let b0 = w & 0xFF
            if w & 0x00C0_C0F0 == 0x0080_80E0 {            // 1110xxxx 10xxxxxx 10xxxxxx
                if !plainLead(UInt64(b0)) { break }
                i &+= 3
            } else if w & 0xC0E0 == 0x80C0 {               // 110xxxxx 10xxxxxx
                if b0 < 0xC2 || (b0 == 0xC2 && w & 0xFF00 < 0xA000) { break }
                i &+= 2
            } else {
                break
            }
        }
        return i
    }

    /// Whether the three-byte lead in the low byte of `w` is neither E0 nor ED, whose second
    /// byte is restricted (overlong forms, surrogates).
    @inline(__always)
    private static func plainLead(_ w: UInt64) -> Bool {
        let low = w & 0x0F
        return low != 0 && low != 0x0D
    }

    /// The length of the valid multi-byte UTF-8 sequence starting at `i` (lead byte ≥ 0x80),
    /// or 0 when it is not one (Unicode 15.0 §3.9, Table 3-7: well-formed byte sequences).
    @inline(__always)
    private static func sequenceLength(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int {
        let b0 = p[i]
        func cont(_ k: Int) -> Bool { i + k < n && p[i + k] & 0xC0 == 0x80 }
        switch b0 {
        case 0xC2...0xDF:
            return cont(1) ? 2 : 0
        case 0xE0...0xEF:
            guard cont(1), cont(2) else { return 0 }
            let b1 = p[i + 1]
            if b0 == 0xE0 && b1 < 0xA0 { return 0 }      // overlong
            if b0 == 0xED && b1 >= 0xA0 { return 0 }     // surrogates
            return 3
        case 0xF0...0xF4:
            guard cont(1), cont(2), cont(3) else { return 0 }
            let b1 = p[i + 1]
            if b0 == 0xF0 && b1 < 0x90 { return 0 }      // overlong
            if b0 == 0xF4 && b1 >= 0x90 { return 0 }     // above U+10FFFF
            return 4
        default:
            return 0                                     // continuation, C0/C1 leads, F5…FF
        }
    }
}
