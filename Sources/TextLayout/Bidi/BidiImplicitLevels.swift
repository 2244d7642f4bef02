/// Rules I1 and I2: the final level of each character from its resolved type.
extension BidiSequenceResolver {
    /// I1: at an even level, R goes up one level, AN and EN two. I2: at an odd level, L, EN
    /// and AN go up one level.
    func resolveImplicitLevels(into levels: UnsafeMutablePointer<UInt8>) {
        let t = self.t, m = self.m
        // Increments by type (L, R, AL, EN, ES, ET, AN): only L, R, EN, AN remain here.
        let even: (UInt8, UInt8, UInt8, UInt8) = (0, 1, 2, 2)   // I1: L, R, EN, AN
        let odd: (UInt8, UInt8, UInt8, UInt8) = (1, 0, 1, 1)    // I2
        let inc = level & 1 == 0 ? even : odd
        let level = self.level
        @inline(__always) func increment(_ c: UInt8) -> UInt8 {
            c == BC.L ? inc.0 : c == BC.R ? inc.1 : c == BC.EN ? inc.2 : inc.3
        }
        if let index {
            for k in 0..<m { levels[Int(index[k])] = level + increment(t[k]) }
        } else {
            for k in 0..<m { levels[k] = level + increment(t[k]) }
        }
    }
}
