import UnicodeData

/// Paired brackets: BD14–BD16 (finding the pairs) and rule N0 (resolving them).
extension BidiSequenceResolver {
    /// BD16: the bracket pairs of the sequence (positions of the opening and closing
    /// bracket), sorted by opening position. Only characters whose current type is ON
    /// count; brackets match through canonical equivalence (U+2329/U+232A ≡ U+3008/U+3009).
    func bracketPairs() -> [(open: Int, close: Int)] {
        var pairs: [(open: Int, close: Int)] = []
        // A stack of 63 elements: (closing bracket sought, position of the opener).
        var stackBracket = [UInt32](), stackPosition = [Int]()
        for k in 0..<m where t[k] == BC.ON {
            let cp = codePoints[original(k)]
            if cp < 0x80 && cp != 0x28 && cp != 0x29 && cp != 0x5B && cp != 0x5D && cp != 0x7B && cp != 0x7D { continue }
            guard let (pair, type) = BidiPairedBrackets.lookup(cp) else { continue }
            if type == .open {
                if stackBracket.count == 63 { break }   // BD16: stack full, stop looking
                stackBracket.append(BidiPairedBrackets.canonical(pair))
                stackPosition.append(k)
            } else {
                let closing = BidiPairedBrackets.canonical(cp)
                var s = stackBracket.count - 1
                while s >= 0 && stackBracket[s] != closing { s -= 1 }
                if s >= 0 {
                    pairs.append((stackPosition[s], k))
                    stackBracket.removeSubrange(s...)
                    stackPosition.removeSubrange(s...)
                }
            }
        }
        pairs.sort { $0.open < $1.open }
        return pairs
    }

    /// The strong direction a type counts as in N0 (EN and AN count as R), or nil.
    @inline(__always)
    static func strongDirection(_ c: UInt8) -> UInt8? {
        if c == BC.L { return BC.L }
        if c == BC.R || c == BC.EN || c == BC.AN { return BC.R }
        return nil
    }

    /// N0: each bracket pair, in order of its opening bracket, takes (b) the embedding
    /// direction if a strong type of that direction is inside it; (c) otherwise, if a
    /// strong type of the opposite direction is inside it, that direction when the context
    /// before the opening bracket (back to sos) has it too, else the embedding direction;
    /// (d) nothing otherwise. Nonspacing marks (originally NSM) right after a bracket that
    /// changed take its new type.
    func resolveBracketPairs(_ pairs: [(open: Int, close: Int)]) {
        let e = embeddingDirection
        for (open, close) in pairs {
            var foundEmbedding = false, foundOpposite = false
            var k = open + 1
            while k < close {
                if let d = Self.strongDirection(t[k]) {
                    if d == e { foundEmbedding = true; break }
                    foundOpposite = true
                }
                k += 1
            }
            var resolved: UInt8
            if foundEmbedding {
                resolved = e                                  // N0 b
            } else if foundOpposite {
                var context = sos                             // N0 c
                var j = open - 1
                while j >= 0 {
                    if let d = Self.strongDirection(t[j]) { context = d; break }
                    j -= 1
                }
                resolved = context != e ? context : e         // N0 c1, c2
            } else {
                continue                                      // N0 d
            }
            t[open] = resolved
            t[close] = resolved
            for position in [open, close] {
                var j = position + 1
                while j < m && classes[original(j)] == BC.NSM { t[j] = resolved; j += 1 }
            }
        }
    }
}
