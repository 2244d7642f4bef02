import UnicodeData

/// Terminal cell widths: of one code point (the Python `wcwidth` convention, Unicode
/// 15.0, with the differences listed in docs/UNICODE.md) and of text (the sum of its
/// grapheme clusters' widths, see `ClusterWidth`).
///
/// Controls (C0, DEL, C1) are 0: the layout handles TAB and line ends itself and
/// TextContent never lets other controls through.
public enum CellWidth {
    /// The width of one scalar on its own: 0, 1 or 2 (controls: 0).
    @inlinable
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        of(codePoint: scalar.value)
    }

    /// The width of one code point on its own, surrogates included (they are 1, as for
    /// `wcwidth`; valid UTF-8 never holds one): 0, 1 or 2 (controls: 0).
    @inlinable
    public static func of(codePoint: UInt32) -> Int {
        precondition(codePoint <= 0x10FFFF, "not a code point")
        let w = UnicodeProperties.shared.record(codePoint).cellWidthRaw
        return w == 3 ? 0 : w
    }

    /// The width of `text`: the sum of its grapheme clusters' widths.
    public static func of(_ text: Substring) -> Int {
        if let w = text.utf8.withContiguousStorageIfAvailable({ of(utf8: $0) }) { return w }
        var copy = String(text)
        return copy.withUTF8 { of(utf8: $0) }
    }

    /// The width of `text`: the sum of its grapheme clusters' widths.
    public static func of(_ text: String) -> Int {
        var copy = text
        return copy.withUTF8 { of(utf8: $0) }
    }

    /// The width of valid UTF-8 text: the sum of its grapheme clusters' widths.
    public static func of(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var cursor = GraphemeCursor(bytes)
        var total = 0
        while let cluster = cursor.next() { total += cluster.width }
        return total
    }
}
