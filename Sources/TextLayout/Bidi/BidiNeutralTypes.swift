/// Rules N1 and N2 (neutrals and isolate formatting characters, NI), and then at once I1
/// and I2: the final level of each position of the sequence.
extension BidiSequenceResolver {
    /// N1: a sequence of NIs between two strong types of the same direction takes that
    /// direction (EN and AN count as R; sos and eos at the ends); N2: any other NI takes
    /// the embedding direction. I1: at an even level R goes up one level, AN and EN two;
    /// I2: at an odd level L, EN and AN go up one. Writes `levels[index[k]]` (or
    /// `levels[k]` without an index).
    @inline(__always)
    func resolveNeutralAndImplicit(levels: UnsafeMutablePointer<UInt8>, index: UnsafePointer<Int32>? = nil) {
        let t = self.t, m = self.m, level = self.level
        let e = embeddingDirection
        let odd = level & 1 == 1
        let incL: UInt8 = odd ? 1 : 0, incR: UInt8 = odd ? 0 : 1, incNumber: UInt8 = odd ? 1 : 2
        let valueL = level + incL, valueR = level + incR, valueNumber = level + incNumber
        @inline(__always) func write(_ k: Int, _ v: UInt8) {
            if let index { levels[Int(index[k])] = v } else { levels[k] = v }
        }
        var before = sos
        var k = 0
        while k < m {
            let c = t[k]
            if BC.bit(c) & BC.niMask == 0 {
                if c == BC.L { write(k, valueL); before = BC.L }
                else if c == BC.R { write(k, valueR); before = BC.R }
                else { write(k, valueNumber); before = BC.R }     // EN, AN
                k += 1
                continue
            }
            let start = k
            while k < m && BC.bit(t[k]) & BC.niMask != 0 { k += 1 }
            let after = k == m ? eos : (t[k] == BC.L ? BC.L : BC.R)
            let v = (before == after ? after : e) == BC.L ? valueL : valueR   // N1, N2
            for j in start..<k { write(j, v) }
        }
    }
}
