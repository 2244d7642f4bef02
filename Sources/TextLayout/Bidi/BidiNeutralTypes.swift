/// Rules N1 and N2: sequences of neutrals and isolate formatting characters (NI).
extension BidiSequenceResolver {
    /// N1: a sequence of NIs between two strong types of the same direction takes that
    /// direction (EN and AN count as R; sos and eos at the ends). N2: any other NI takes
    /// the embedding direction.
    func resolveNeutralTypes() {
        let t = self.t, m = self.m
        let e = embeddingDirection
        var k = 0
        while k < m {
            guard BC.bit(t[k]) & BC.niMask != 0 else { k += 1; continue }
            let start = k
            while k < m && BC.bit(t[k]) & BC.niMask != 0 { k += 1 }
            let before = start == 0 ? sos : (t[start - 1] == BC.L ? BC.L : BC.R)
            let after = k == m ? eos : (t[k] == BC.L ? BC.L : BC.R)
            let resolved = before == after ? before : e
            for j in start..<k { t[j] = resolved }
        }
    }
}
