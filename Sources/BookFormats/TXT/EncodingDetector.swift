/// Decides which encoding a TXT file is in.
///
/// Order of evidence:
/// 1. A byte-order mark (UTF-8, UTF-32 LE/BE, UTF-16 LE/BE — UTF-32 LE is tested before
///    UTF-16 LE since its BOM starts with the UTF-16 LE one).
/// 2. The zero-byte pattern of UTF-32 or UTF-16 without a BOM (ASCII-range text has a zero
///    byte in every other / three of every four byte positions, all at the same parity).
/// 3. Valid UTF-8 (pure ASCII is reported as UTF-8). Text that is UTF-8 except for a few
///    broken sequences (≤ 0.1 %) is still taken as UTF-8, decoded leniently.
/// 4. Otherwise every legacy candidate (GB18030, Big5, Shift_JIS, EUC-JP, EUC-KR,
///    windows-1252) decodes a sample; those that decode it without error are ranked by
///    `EncodingScorer`, and the best one that also decodes the whole file wins.
/// A NUL byte outside UTF-16/32 means binary data: the file is rejected.
enum EncodingDetector {
    /// The detector's verdict.
    struct Verdict {
        /// The encoding to decode with.
        var encoding: TextEncoding
        /// Length of the byte-order mark to skip.
        var bomLength: Int
    }

    /// Candidates for non-UTF text, in tie-break order; each with a fallback superset.
    static let legacyCandidates: [(TextEncoding, TextEncoding?)] = [
        (.gb18030, nil), (.big5, .cp950), (.shiftJIS, .cp932), (.eucJP, nil), (.eucKR, .cp949), (.windows1252, nil),
    ]

    /// Size of the sample scored for each legacy candidate.
    static let sampleSize = 64 * 1024

    /// Detects the byte-order mark at the start of `bytes`, if any.
    static func bom(_ bytes: UnsafeBufferPointer<UInt8>) -> Verdict? {
        let n = bytes.count
        if n >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { return Verdict(encoding: .utf8, bomLength: 3) }
        if n >= 4 && bytes[0] == 0xFF && bytes[1] == 0xFE && bytes[2] == 0 && bytes[3] == 0 { return Verdict(encoding: .utf32LE, bomLength: 4) }
        if n >= 4 && bytes[0] == 0 && bytes[1] == 0 && bytes[2] == 0xFE && bytes[3] == 0xFF { return Verdict(encoding: .utf32BE, bomLength: 4) }
        if n >= 2 && bytes[0] == 0xFF && bytes[1] == 0xFE { return Verdict(encoding: .utf16LE, bomLength: 2) }
        if n >= 2 && bytes[0] == 0xFE && bytes[1] == 0xFF { return Verdict(encoding: .utf16BE, bomLength: 2) }
        return nil
    }

    /// UTF-16/32 without a BOM, from where the zero bytes of the first 4 KiB fall.
    static func unicodeWithoutBOM(_ bytes: UnsafeBufferPointer<UInt8>) -> TextEncoding? {
        let n = min(bytes.count, 4096) & ~3
        guard n >= 4 else { return nil }
        var zeros = [0, 0, 0, 0]
        for i in 0..<n where bytes[i] == 0 { zeros[i & 3] += 1 }
        let total = zeros.reduce(0, +)
        guard total * 5 >= n else { return nil }  // at least 20 % zero bytes
        let quarter = n / 4
        // UTF-32: positions 2 and 3 (LE) or 0 and 1 (BE) are (almost) always zero.
        if zeros[2] * 10 >= quarter * 9 && zeros[3] * 10 >= quarter * 9 && zeros[0] * 2 < quarter { return .utf32LE }
        if zeros[0] * 10 >= quarter * 9 && zeros[1] * 10 >= quarter * 9 && zeros[3] * 2 < quarter { return .utf32BE }
        let even = zeros[0] + zeros[2], odd = zeros[1] + zeros[3]
        if odd * 10 >= total * 9 { return .utf16LE }
        if even * 10 >= total * 9 { return .utf16BE }
        return nil
    }

    /// Counts invalid UTF-8 sequences (a truncated sequence at the very end counts as one).
    static func utf8ErrorCount(_ p: UnsafeBufferPointer<UInt8>, stopAfter limit: Int = .max) -> (errors: Int, nonASCII: Int) {
        var i = 0
        let n = p.count
        var errors = 0
        var nonASCII = 0
        while i < n {
            let b = p[i]
            if b < 0x80 { i += 1; continue }
            nonASCII += 1
            var need = 0
            var lowerBound: UInt8 = 0x80, upperBound: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: need = 1
            case 0xE0: need = 2; lowerBound = 0xA0
            case 0xE1...0xEC, 0xEE, 0xEF: need = 2
            case 0xED: need = 2; upperBound = 0x9F
            case 0xF0: need = 3; lowerBound = 0x90
            case 0xF1...0xF3: need = 3
            case 0xF4: need = 3; upperBound = 0x8F
            default:
                errors += 1; i += 1
                if errors >= limit { return (errors, nonASCII) }
                continue
            }
            var ok = i + need < n
            if ok {
                let c1 = p[i + 1]
                ok = c1 >= lowerBound && c1 <= upperBound
                var k = 2
                while ok && k <= need { ok = p[i + k] & 0xC0 == 0x80; k += 1 }
            }
            if ok { i += need + 1 } else {
                errors += 1; i += 1
                if errors >= limit { return (errors, nonASCII) }
            }
        }
        return (errors, nonASCII)
    }

    /// The best legacy encoding for `body` (the file after any BOM), or `nil`.
    /// Returns candidates in order of preference; the caller decodes with the first that
    /// succeeds on the whole file.
    static func rankLegacy(_ body: UnsafeBufferPointer<UInt8>) -> [TextEncoding] {
        let sample = UnsafeBufferPointer(rebasing: body[0..<min(body.count, sampleSize)])
        var scored: [(TextEncoding, Double, Int)] = []
        for (index, (primary, fallback)) in legacyCandidates.enumerated() {
            for encoding in [primary] + (fallback.map { [$0] } ?? []) {
                guard let decoder = IconvDecoder(encoding),
                      let out = try? decoder.decode(sample, lenient: false, allowTruncatedEnd: body.count > sample.count)
                else { continue }
                let s = EncodingScorer.score(out.utf8, family: EncodingScorer.family(of: encoding))
                scored.append((encoding, s, index))
                break
            }
        }
        scored.sort { $0.1 != $1.1 ? $0.1 > $1.1 : $0.2 < $1.2 }
        return scored.map(\.0)
    }
}
