/// One isolating run sequence, resolved: weak types (W1–W7), bracket pairs (N0), neutrals
/// (N1, N2), then implicit levels (I1, I2) written back to the paragraph's levels.
///
/// The rules are applied in their order, each conceptually to the whole sequence before the
/// next, but fused into few passes: W1–W3 in one forward pass, W4–W7 in a second, N0 on
/// the bracket pairs if any, and N1/N2 with I1/I2 in a third.
struct BidiSequenceResolver {
    /// The sequence's types, contiguous (updated in place by the rules).
    let t: UnsafeMutablePointer<UInt8>
    /// Its length.
    let m: Int
    /// Paragraph index of each sequence position; nil when position k is index k.
    let index: UnsafePointer<Int32>?
    /// The embedding level of the sequence.
    let level: UInt8
    /// Start and end of sequence types (L or R).
    let sos: UInt8, eos: UInt8
    /// Original Bidi_Class of the paragraph's characters, and its code points.
    let classes: UnsafePointer<UInt8>
    let codePoints: UnsafePointer<UInt32>

    /// The paragraph index of sequence position `k`.
    @inline(__always) func original(_ k: Int) -> Int { index.map { Int($0[k]) } ?? k }

    /// The embedding direction (L or R) of the sequence.
    var embeddingDirection: UInt8 { level & 1 == 1 ? BC.R : BC.L }

    static func resolve(types: UnsafeMutablePointer<UInt8>, count: Int, index: UnsafePointer<Int32>?, level: UInt8,
                        sos: UInt8, eos: UInt8, mask: UInt32, classes: UnsafePointer<UInt8>,
                        codePoints: UnsafePointer<UInt32>, levels: UnsafeMutablePointer<UInt8>) {
        guard count > 0 else { return }
        let s = BidiSequenceResolver(t: types, m: count, index: index, level: level, sos: sos, eos: eos,
                                     classes: classes, codePoints: codePoints)
        s.resolveW1toW3(mask: mask)
        if mask & (BC.bit(BC.EN) | BC.bit(BC.AN) | BC.bit(BC.ES) | BC.bit(BC.ET) | BC.bit(BC.CS)) != 0 {
            s.resolveW4toW7()
        }
        if mask & BC.bit(BC.ON) != 0 {
            let pairs = s.bracketPairs()
            if !pairs.isEmpty { s.resolveBracketPairs(pairs) }
        }
        if let index {
            s.resolveNeutralAndImplicit(levels: levels, index: index)
        } else {
            s.resolveNeutralAndImplicit(levels: levels)
        }
    }
}
