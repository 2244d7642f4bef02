/// The order of a dictd `.index` (what `dictfmt` sorts by, what dictd's binary search
/// assumes): ASCII letters compared case-insensitively; without `00-database-allchars`, ASCII
/// bytes other than letters, digits and spaces are ignored (`sort -df`). Bytes from 0x80 up
/// (UTF-8) are compared as they are. A headword ends at a tab or a line end.
struct DictdOrder {
    /// Whether every byte counts (the index has `00-database-allchars`).
    let allChars: Bool

    /// Whether an ASCII byte takes part in the comparison.
    private static let significant: [Bool] = (0..<128).map { b in
        let c = UInt8(b)
        return c == 0x20 || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
    }

    @inline(__always) private static func fold(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }

    /// The next compared byte at or after `i` (before `end`, a tab or a newline), its
    /// position moved past it; nil at the headword's end.
    @inline(__always)
    private func next(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ end: Int) -> UInt8? {
        while i < end {
            let b = p[i]
            if b == 0x09 || b == 0x0A { return nil }
            i += 1
            if b >= 0x80 { return b }
            if allChars || Self.significant[Int(b)] { return Self.fold(b) }
        }
        return nil
    }

    /// Compares the headwords starting at `a` and `b` (each ending at a tab, a newline or
    /// its bound): negative, zero or positive.
    func compare(_ a: UnsafePointer<UInt8>, _ aEnd: Int, _ b: UnsafePointer<UInt8>, _ bEnd: Int) -> Int {
        var i = 0, j = 0
        while true {
            let x = next(a, &i, aEnd), y = next(b, &j, bEnd)
            switch (x, y) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case let (x?, y?): if x != y { return Int(x) - Int(y) }
            }
        }
    }
}
