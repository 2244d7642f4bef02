/// Helpers of the golden tests that pin persisted bytes (cache files, state-file keys):
/// an independent byte-wise FNV-1a 64 — the oracle, deliberately not the production
/// `Digest`, so the two check each other — and hex dumps.
public enum GoldenBytes {
    /// FNV-1a 64 of `bytes`, written out from the definition (offset basis
    /// 0xcbf29ce484222325, prime 0x100000001b3).
    public static func fnv1a64<S: Sequence>(_ bytes: S) -> UInt64 where S.Element == UInt8 {
        var h: UInt64 = 14_695_981_039_346_656_037
        for b in bytes { h = (h ^ UInt64(b)) &* 1_099_511_628_211 }
        return h
    }

    /// The bytes as lowercase hex, two digits each, no separators.
    public static func hex<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
        let digits = Array("0123456789abcdef")
        var s = ""
        for b in bytes { s.append(digits[Int(b >> 4)]); s.append(digits[Int(b & 15)]) }
        return s
    }

    /// A fixed, non-repeating byte pattern of `count` bytes (word-wise hashes see whole
    /// words and a tail).
    public static func pattern(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7 &+ ($0 >> 8)) }
    }
}
