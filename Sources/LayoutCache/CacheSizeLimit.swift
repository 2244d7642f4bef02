/// Parses the cache size limit from the command line or `READER_CACHE_MAX`.
public enum CacheSizeLimit {
    /// `"500M"`, `"1G"`, `"64k"`, `"1048576"`: a byte count with an optional binary
    /// suffix (k, M, G, T; an optional trailing `B` or `iB` is accepted). Nil when invalid.
    public static func parse(_ text: String) -> Int? {
        var s = Substring(text.trimmingCharactersInSpaces()).uppercased()[...]
        if s.hasSuffix("IB") { s = s.dropLast(2) } else if s.hasSuffix("B") { s = s.dropLast() }
        var multiplier = 1
        if let last = s.last, let m = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40][String(last)] {
            multiplier = m
            s = s.dropLast()
        }
        guard !s.isEmpty, let value = Double(s), value >= 0, value.isFinite else { return nil }
        let bytes = value * Double(multiplier)
        guard bytes < Double(Int.max / 2) else { return nil }
        return Int(bytes)
    }
}

extension String {
    fileprivate func trimmingCharactersInSpaces() -> Substring {
        var s = self[...]
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
