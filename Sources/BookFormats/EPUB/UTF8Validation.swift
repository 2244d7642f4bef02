/// Allocation-free UTF-8 validation (RFC 3629: no overlongs, no surrogates, ≤ U+10FFFF),
/// with an 8-bytes-at-a-time ASCII fast path.
enum UTF8Validation {
    static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { isValid($0) }
    }

    static func isValid(_ buf: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let p = buf.baseAddress else { return true }
        let n = buf.count
        var i = 0
        @inline(__always) func cont(_ k: Int) -> Bool { k < n && p[k] & 0xC0 == 0x80 }
        while i < n {
            while i + 8 <= n && UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
            }
            guard i < n else { break }
            let b = p[i]
            if b < 0x80 { i += 1; continue }
            if b < 0xC2 { return false }
            if b < 0xE0 {
                guard cont(i + 1) else { return false }
                i += 2
            } else if b < 0xF0 {
                guard cont(i + 1), cont(i + 2) else { return false }
                let b1 = p[i + 1]
                if (b == 0xE0 && b1 < 0xA0) || (b == 0xED && b1 >= 0xA0) { return false }
                i += 3
            } else if b < 0xF5 {
                guard cont(i + 1), cont(i + 2), cont(i + 3) else { return false }
                let b1 = p[i + 1]
                if (b == 0xF0 && b1 < 0x90) || (b == 0xF4 && b1 >= 0x90) { return false }
                i += 4
            } else {
                return false
            }
        }
        return true
    }
}
