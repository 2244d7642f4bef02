/// Rules W1–W7, each applied to the whole sequence before the next; a rule whose input
/// class does not occur in the paragraph (`mask`) is skipped.
extension BidiSequenceResolver {
    func resolveWeakTypes(mask: UInt32) {
        let t = self.t, m = self.m
        // W1: a nonspacing mark takes the type of the character before it (sos at the
        // start), or ON after an isolate initiator or PDI.
        if mask & BC.bit(BC.NSM) != 0 {
            var previous = sos
            for k in 0..<m {
                if t[k] == BC.NSM {
                    t[k] = BC.bit(previous) & (BC.isolateInitiatorMask | BC.bit(BC.PDI)) != 0 ? BC.ON : previous
                }
                previous = t[k]
            }
        }
        // W2: EN after AL (the last strong type, or sos) becomes AN. W3: AL becomes R.
        if mask & (BC.bit(BC.EN) | BC.bit(BC.AL)) != 0 {
            var lastStrong = sos
            for k in 0..<m {
                let c = t[k]
                if c == BC.L || c == BC.R {
                    lastStrong = c
                } else if c == BC.AL {
                    lastStrong = c
                    t[k] = BC.R                      // W3
                } else if c == BC.EN && lastStrong == BC.AL {
                    t[k] = BC.AN                     // W2
                }
            }
        }
        guard mask & (BC.bit(BC.EN) | BC.bit(BC.AN) | BC.bit(BC.ES) | BC.bit(BC.ET) | BC.bit(BC.CS)) != 0 else { return }
        // W4: a single ES between two ENs becomes EN; a single CS between two numbers of
        // the same type becomes that type.
        if mask & (BC.bit(BC.ES) | BC.bit(BC.CS)) != 0 && m >= 3 {
            for k in 1..<(m - 1) {
                let c = t[k]
                if c == BC.ES {
                    if t[k - 1] == BC.EN && t[k + 1] == BC.EN { t[k] = BC.EN }
                } else if c == BC.CS {
                    let before = t[k - 1]
                    if (before == BC.EN || before == BC.AN) && t[k + 1] == before { t[k] = before }
                }
            }
        }
        // W5: a sequence of ETs next to an EN becomes EN.
        if mask & BC.bit(BC.ET) != 0 && mask & BC.bit(BC.EN) != 0 {
            var k = 0
            while k < m {
                guard t[k] == BC.ET else { k += 1; continue }
                let start = k
                while k < m && t[k] == BC.ET { k += 1 }
                if (start > 0 && t[start - 1] == BC.EN) || (k < m && t[k] == BC.EN) {
                    for j in start..<k { t[j] = BC.EN }
                }
            }
        }
        // W6: remaining separators and terminators become ON.
        if mask & (BC.bit(BC.ES) | BC.bit(BC.ET) | BC.bit(BC.CS)) != 0 {
            for k in 0..<m {
                let c = t[k]
                if c == BC.ES || c == BC.ET || c == BC.CS { t[k] = BC.ON }
            }
        }
        // W7: EN after L (the last strong type, or sos) becomes L.
        if mask & BC.bit(BC.EN) != 0 {
            var lastStrong = sos
            for k in 0..<m {
                let c = t[k]
                if c == BC.L || c == BC.R { lastStrong = c }
                else if c == BC.EN && lastStrong == BC.L { t[k] = BC.L }
            }
        }
    }
}
