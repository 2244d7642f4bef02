/// Rules W1–W7.
extension BidiSequenceResolver {
    /// W1–W3 in one forward pass (each rule still sees what the rules before it made of
    /// every earlier position, and W1's result at the current one).
    func resolveW1toW3(mask: UInt32) {
        guard mask & (BC.bit(BC.NSM) | BC.bit(BC.AL) | BC.bit(BC.EN)) != 0 else { return }
        let t = self.t, m = self.m
        var previousW1 = sos        // the type after W1 of the previous position (W1)
        var lastStrong = sos        // the last L, R or AL after W1 (W2)
        for k in 0..<m {
            var c = t[k]
            // W1: a nonspacing mark takes the type of the character before it (sos at the
            // start), or ON after an isolate initiator or PDI.
            if c == BC.NSM {
                c = BC.bit(previousW1) & (BC.isolateInitiatorMask | BC.bit(BC.PDI)) != 0 ? BC.ON : previousW1
                t[k] = c
            }
            previousW1 = c
            if c == BC.L || c == BC.R {
                lastStrong = c
            } else if c == BC.AL {
                lastStrong = c
                t[k] = BC.R                               // W3: AL becomes R
            } else if c == BC.EN && lastStrong == BC.AL {
                t[k] = BC.AN                              // W2: EN after AL becomes AN
            }
        }
    }

    /// W4–W7 in one forward pass, in place: W4 (a single ES between two ENs becomes EN, a
    /// single CS between two numbers of the same type becomes that type), W5 (a sequence of
    /// ETs next to an EN becomes EN), W6 (remaining ES, ET and CS become ON) and W7 (EN
    /// after L, or after sos L, becomes L). W4 and W5 look at the types as W4 left them
    /// (`previousW4`), not as the later rules changed them; only changed types are written.
    func resolveW4toW7() {
        let t = self.t, m = self.m
        let weak = BC.bit(BC.EN) | BC.bit(BC.ES) | BC.bit(BC.CS) | BC.bit(BC.ET)
        var lastStrong = sos          // W7: the last L or R
        var previousW4 = sos          // the previous position's type after W4
        var k = 0
        while k < m {
            let c = t[k]
            if BC.bit(c) & weak == 0 {
                if c == BC.L || c == BC.R { lastStrong = c }
                previousW4 = c
                k += 1
                continue
            }
            switch c {
            case BC.EN:
                previousW4 = c
                if lastStrong == BC.L { t[k] = BC.L }                       // W7
                k += 1
            case BC.ET:
                let start = k
                while k < m && t[k] == BC.ET { k += 1 }
                // W5: next to an EN (after W4) on either side.
                let toEN = previousW4 == BC.EN || (k < m && t[k] == BC.EN)
                let resolved = toEN ? (lastStrong == BC.L ? BC.L : BC.EN) : BC.ON   // W7 / W6
                for j in start..<k { t[j] = resolved }
                previousW4 = BC.ET
            default:   // ES, CS
                var resolved = BC.ON                                          // W6
                if k + 1 < m {
                    let next = t[k + 1]
                    if previousW4 == BC.EN && next == BC.EN { resolved = BC.EN }                     // W4
                    else if c == BC.CS && previousW4 == BC.AN && next == BC.AN { resolved = BC.AN }  // W4
                }
                previousW4 = resolved == BC.ON ? c : resolved
                t[k] = resolved == BC.EN && lastStrong == BC.L ? BC.L : resolved                  // W7
                k += 1
            }
        }
    }
}
