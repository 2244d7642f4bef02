import UnicodeData

/// The Unicode Bidirectional Algorithm (UAX #9, Unicode 15.0) for one paragraph.
///
/// `resolve` runs the paragraph rules (P2, P3), the explicit rules (X1–X10), the weak
/// (W1–W7), bracket (N0) and neutral (N1, N2) rules and the implicit levels (I1, I2) and
/// returns the levels; `BidiResult.visualOrder(lineStart:lineEnd:)` applies the line rules
/// L1 and L2. Mirroring (L4) is `mirroredGlyph(of:)`.
///
/// A paragraph with nothing that can raise a level (no R, AL or AN character and no
/// explicit formatting character) and no right-to-left direction asked takes a fast path:
/// one scan, no allocation beyond the result.
public enum Bidi {
    /// Resolves the embedding levels of one paragraph of `scalars` (rule P1 — splitting text
    /// into paragraphs — is the caller's: a B character is expected only at the end).
    public static func resolve(_ scalars: [Unicode.Scalar], direction: BidiDirection) -> BidiResult {
        scalars.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: UInt32.self) { resolve(codePoints: $0, direction: direction) }
        }
    }

    /// Resolves the embedding levels of one paragraph given as code points (each ≤ U+10FFFF).
    public static func resolve(codePoints: UnsafeBufferPointer<UInt32>, direction: BidiDirection) -> BidiResult {
        let n = codePoints.count
        guard n > 0, let base = codePoints.baseAddress else {
            return direction == .rightToLeft ? BidiResult(paragraphLevel: 1, count: 0, levelsAndClasses: [])
                                             : BidiResult(leftToRightCount: 0, removedMarks: [])
        }
        if direction != .rightToLeft, let removedMarks = leftToRightOnly(base, n) {
            return BidiResult(leftToRightCount: n, removedMarks: removedMarks)
        }
        return BidiParagraph.resolve(base, n, direction: direction)
    }

    /// The fast path: nil if some character could raise a level; otherwise nothing (no
    /// character removed by X9, the usual case) or one byte per character, 0 or
    /// `BidiResult.removedLevel` for the BN characters X9 removes.
    ///
    /// Every code point below U+0590 has a class among L, EN, ES, ET, CS, NSM, BN, B, S, WS
    /// and ON, none of which can raise a level in a paragraph at level 0 (W7 turns EN into
    /// L after sos L; N1 turns the neutrals into L). Blocks of 32 code points are screened
    /// branch-free (vectorisable): whether any is U+0400 or above (the OR of all: cheaper
    /// than their maximum), and whether any is a C0/C1 control or in U+007F…U+00AD (where
    /// the BN characters below U+0590 are). Only a block that fails the screen is looked at
    /// code point by code point, through the property table from U+0590 up.
    @inline(__always)
    static func leftToRightOnly(_ p: UnsafePointer<UInt32>, _ n: Int) -> [UInt8]? {
        var i = 0
        var sawRemoved = false
        while i < n {
            let end = min(n, i &+ 32)
            var bits: UInt32 = 0, low: UInt32 = 0
            var j = i
            while j < end {
                let v = p[j]
                bits |= v
                low |= (v < 0x20 ? 1 : 0) | (v &- 0x7F < 0x2F ? 1 : 0)
                j &+= 1
            }
            if bits >= 0x400 || low != 0 {   // some code point ≥ U+0400 (OR is cheaper than max)
                let props = UnicodeProperties.shared
                for k in i..<end {
                    let v = p[k]
                    if v < 0x590 && v >= 0x20 && v &- 0x7F >= 0x2F { continue }   // passes the screen
                    if v &- 0x2010 < 0x18 { continue }   // U+2010…2027 (dashes, quotes, …) are all ON
                    let c = props.record(v).bidiClassRaw
                    if BC.bit(c) & BC.raisingMask != 0 { return nil }
                    if c == BC.BN { sawRemoved = true }
                }
            }
            i = end
        }
        guard sawRemoved else { return [] }
        let props = UnicodeProperties.shared
        return (0..<n).map { props.record(p[$0]).bidiClassRaw == BC.BN ? BidiResult.removedLevel : 0 }
    }

    /// UAX #9 L2 on a line's levels (after L1; `BidiResult.removedLevel` entries are left
    /// out): the line's indices, plus `offset`, in visual order.
    public static func reorder(levels: [UInt8], offset: Int = 0) -> [Int] {
        levels.withUnsafeBufferPointer { BidiReordering.reorder(levels: $0, offset: offset) }
    }

    /// UAX #9 L4: the Bidi_Mirroring_Glyph of a character shown at an odd (right-to-left)
    /// level, e.g. `(` ↔ `)`, or nil when it has none.
    public static func mirroredGlyph(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        BidiMirroringGlyph.glyph(of: scalar)
    }

    /// Rules P2 and P3: the level (0 or 1) given by the first strong character (L; R or AL)
    /// of the paragraph, skipping isolates; nil when there is none.
    public static func firstStrongLevel(_ scalars: [Unicode.Scalar]) -> Int? {
        let props = UnicodeProperties.shared
        var depth = 0
        for s in scalars {
            let c = props.record(s).bidiClassRaw
            if BC.isIsolateInitiator(c) { depth += 1 }
            else if c == BC.PDI { if depth > 0 { depth -= 1 } }
            else if c == BC.B { break }
            else if depth == 0 {
                if c == BC.L { return 0 }
                if c == BC.R || c == BC.AL { return 1 }
            }
        }
        return nil
    }
}
