import Support

/// Two byte-wise searches `Support`'s `StringSearch` lacks, for what the readers found with
/// Foundation's `range(of:options:)` before (`.backwards`, `.caseInsensitive`): exact bytes,
/// like `firstByteRange(of:)`.
extension StringProtocol where UTF8View: BidirectionalCollection {
    /// The last occurrence of `needle`'s bytes, as a range of this string's indices (an
    /// empty needle occurs at the end).
    func lastByteRange(of needle: some StringProtocol) -> Range<Index>? {
        let hay = utf8, pattern = Array(needle.utf8)
        guard let last = pattern.last else { return endIndex..<endIndex }
        var end = hay.endIndex
        while let found = hay[..<end].lastIndex(of: last) {
            var h = found, matched = true
            for byte in pattern.dropLast().reversed() {
                guard h != hay.startIndex else { matched = false; break }
                h = hay.index(before: h)
                guard hay[h] == byte else { matched = false; break }
            }
            if matched { return h..<hay.index(after: found) }
            end = found
        }
        return nil
    }

    /// The first occurrence of `needle`'s bytes with ASCII letters of either case, as a
    /// range of this string's indices. Other bytes compare exactly: what Unicode folds to
    /// an ASCII letter (K, the Kelvin sign, to k) is not found here, so the needle should be
    /// one no such character folds to ("</head").
    func firstByteRangeIgnoringASCIICase(of needle: some StringProtocol) -> Range<Index>? {
        let hay = utf8, pattern = needle.utf8.map(Self.asciiLowercased)
        guard let first = pattern.first else { return startIndex..<startIndex }
        var i = hay.startIndex
        while let found = hay[i...].firstIndex(where: { Self.asciiLowercased($0) == first }) {
            var h = found, matched = true
            for byte in pattern {
                guard h != hay.endIndex, Self.asciiLowercased(hay[h]) == byte else { matched = false; break }
                h = hay.index(after: h)
            }
            if matched { return found..<h }
            i = hay.index(after: found)
        }
        return nil
    }

    private static func asciiLowercased(_ b: UInt8) -> UInt8 {
        b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b + 0x20 : b
    }
}
