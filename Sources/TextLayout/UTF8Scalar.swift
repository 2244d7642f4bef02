/// Inline UTF-8 decoding for the hot paths (`GraphemeCursor`).
///
/// The input is expected to be valid UTF-8 (TextContent guarantees it). Malformed input
/// never reads out of bounds and never yields a code point above U+10FFFF: a stray
/// continuation byte, an invalid lead byte or a truncated sequence decodes as one byte
/// of U+FFFD. Continuation bytes are not otherwise validated.
@usableFromInline
enum UTF8Scalar {
    /// Decodes the scalar starting at `i` (`i < end`); returns its value and byte length.
    @inlinable @inline(__always)
    static func decode(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> (value: UInt32, length: Int) {
        let b0 = UInt32(p[i])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xE0 {
            guard b0 >= 0xC2, i &+ 1 < end else { return (0xFFFD, 1) }
            return ((b0 & 0x1F) << 6 | (UInt32(p[i &+ 1]) & 0x3F), 2)
        }
        if b0 < 0xF0 {
            guard i &+ 2 < end else { return (0xFFFD, 1) }
            return ((b0 & 0x0F) << 12 | (UInt32(p[i &+ 1]) & 0x3F) << 6 | (UInt32(p[i &+ 2]) & 0x3F), 3)
        }
        guard b0 < 0xF5, i &+ 3 < end else { return (0xFFFD, 1) }
        let v = (b0 & 0x07) << 18 | (UInt32(p[i &+ 1]) & 0x3F) << 12
            | (UInt32(p[i &+ 2]) & 0x3F) << 6 | (UInt32(p[i &+ 3]) & 0x3F)
        return (v <= 0x10FFFF ? v : 0xFFFD, 4)
    }

    /// Decodes a scalar of one to three bytes at `i` (`i < end`) for the analyser's simple
    /// pass (`BlockFit.walkSimple` decodes the same way inline); length 0 for a four-byte scalar or a malformed or truncated sequence (which
    /// take the full rules).
    @inline(__always)
    static func decodeBMP(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> (cp: Int, length: Int) {
        let b0 = p[i]
        if b0 < 0x80 { return (Int(b0), 1) }
        if b0 >= 0xC2 && b0 < 0xE0 && i &+ 1 < end { return (Int(b0 & 0x1F) << 6 | Int(p[i &+ 1] & 0x3F), 2) }
        if b0 >= 0xE0 && b0 < 0xF0 && i &+ 2 < end {
            return (Int(b0 & 0x0F) << 12 | Int(p[i &+ 1] & 0x3F) << 6 | Int(p[i &+ 2] & 0x3F), 3)
        }
        return (0, 0)
    }
}
