/// Decodes UTF-8 that has broken sequences: every run of bytes that is not well-formed
/// UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF, no stray
/// continuation bytes) becomes one U+FFFD, and the rest is copied. glibc's iconv passes some
/// ill-formed sequences through (F5–F7 lead bytes, found by the txt fuzz target), so the
/// reader does this itself. Checkpoints map the output back to the input around each
/// replacement, as `IconvDecoder.Output` does.
enum UTF8Repair {
    static func repair(_ bytes: UnsafeBufferPointer<UInt8>) -> IconvDecoder.Output {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var checkpoints: [(utf8: Int, source: Int)] = [(0, 0)]
        var errors = 0
        var firstError: Int?
        var i = 0
        while i < bytes.count {
            if let n = wellFormedLength(bytes, at: i) {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<(i + n)]))
                i += n
                continue
            }
            if checkpoints.last!.utf8 != out.count { checkpoints.append((out.count, i)) }
            firstError = firstError ?? i
            errors += 1
            while i < bytes.count && wellFormedLength(bytes, at: i) == nil { i += 1 }
            out.append(contentsOf: [0xEF, 0xBF, 0xBD])
            checkpoints.append((out.count, i))
        }
        return IconvDecoder.Output(utf8: out, checkpoints: checkpoints, errorCount: errors, firstErrorOffset: firstError)
    }

    /// The length of the well-formed sequence at `i` (Unicode Table 3-7), or nil.
    static func wellFormedLength(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        let b0 = b[i]
        if b0 < 0x80 { return 1 }
        func cont(_ k: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            i + k < b.count && b[i + k] >= low && b[i + k] <= high
        }
        switch b0 {
        case 0xC2...0xDF: return cont(1) ? 2 : nil
        case 0xE0: return cont(1, 0xA0) && cont(2) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF: return cont(1) && cont(2) ? 3 : nil
        case 0xED: return cont(1, 0x80, 0x9F) && cont(2) ? 3 : nil
        case 0xF0: return cont(1, 0x90) && cont(2) && cont(3) ? 4 : nil
        case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : nil
        case 0xF4: return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : nil
        default: return nil
        }
    }
}
