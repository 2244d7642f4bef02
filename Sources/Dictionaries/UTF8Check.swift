/// A fast check that bytes are valid UTF-8 (ASCII eight bytes at a time), for whole index
/// files: no `String` is built.
enum UTF8Check {
    /// Whether `bytes` are valid UTF-8 (no overlongs, no surrogates, nothing past U+10FFFF).
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let n = bytes.count
        var i = 0
        while i < n {
            if i + 8 <= n {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 { i += 8; continue }
            }
            let b = base[i]
            if b < 0x80 { i += 1; continue }
            guard let step = sequenceLength(base, i, n) else { return false }
            i += step
        }
        return true
    }

    /// Whether the array is valid UTF-8.
    static func isValid(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer { isValid($0) } }

    /// The length of the valid multi-byte sequence at `i`, or nil.
    private static func sequenceLength(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int? {
        let b = p[i]
        let length: Int, low: UInt8, high: UInt8
        switch b {
        case 0xC2...0xDF: length = 2; low = 0x80; high = 0xBF
        case 0xE0: length = 3; low = 0xA0; high = 0xBF
        case 0xED: length = 3; low = 0x80; high = 0x9F
        case 0xE1...0xEF: length = 3; low = 0x80; high = 0xBF
        case 0xF0: length = 4; low = 0x90; high = 0xBF
        case 0xF1...0xF3: length = 4; low = 0x80; high = 0xBF
        case 0xF4: length = 4; low = 0x80; high = 0x8F
        default: return nil
        }
        guard i + length <= n, p[i + 1] >= low, p[i + 1] <= high else { return nil }
        for k in 2..<max(2, length) where p[i + k] & 0xC0 != 0x80 { return nil }
        return length
    }
}
