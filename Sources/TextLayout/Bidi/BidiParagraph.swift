import UnicodeData

/// The full algorithm for one paragraph (the path taken when the fast path in `Bidi` is
/// not): classes, paragraph level (P2, P3), explicit levels (X1–X8) or their shortcut,
/// isolating run sequences (X9, X10), then per sequence the weak, bracket, neutral and
/// implicit rules.
///
/// Everything works on one byte per character (`UInt8` Bidi_Class raw values and levels)
/// through unsafe pointers; a sequence that is not one contiguous stretch of the paragraph
/// is gathered into scratch buffers first, so the rules always run over contiguous bytes.
enum BidiParagraph {
    static func resolve(_ cps: UnsafePointer<UInt32>, _ n: Int, direction: BidiDirection) -> BidiResult {
        let props = UnicodeProperties.shared
        var mask: UInt32 = 0
        var paragraphLevel: UInt8 = 0
        // The result's storage, one allocation: levels (0..<n), then the classes (n..<2n).
        let storage = [UInt8](unsafeUninitializedCapacity: 2 * n) { st, initialized in
            let cl = st.baseAddress! + n
            var m: UInt32 = 0
            for i in 0..<n {
                let k = props.record(cps[i]).bidiClassRaw
                cl[i] = k
                m |= BC.bit(k)
            }
            mask = m
            st.baseAddress!.initialize(repeating: 0, count: n)
            initialized = 2 * n
            let lv = st.baseAddress!
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n) { tb in
                let ty = tb.baseAddress!
                ty.initialize(from: cl, count: n)
                paragraphLevel = resolve(cps, n, direction: direction, classes: cl, types: ty, levels: lv, mask: mask)
            }
        }
        return BidiResult(paragraphLevel: Int(paragraphLevel), count: n, levelsAndClasses: storage)
    }

    /// The algorithm proper on prepared buffers; returns the paragraph level.
    static func resolve(_ cps: UnsafePointer<UInt32>, _ n: Int, direction: BidiDirection, classes cl: UnsafePointer<UInt8>,
                        types ty: UnsafeMutablePointer<UInt8>, levels lv: UnsafeMutablePointer<UInt8>, mask: UInt32) -> UInt8 {
        var paragraphLevel: UInt8 = 0
        do {
            // BD9: matching isolate initiators and PDIs (only when the paragraph has isolates).
            let match: [Int32] = mask & (BC.isolateInitiatorMask | BC.bit(BC.PDI)) != 0 ? BidiExplicitLevels.matchIsolates(cl, n) : []
            match.withUnsafeBufferPointer { mb in
                let matchPtr = mb.baseAddress   // nil when there are no isolates
                // P2, P3 (or the level asked for).
                switch direction {
                case .leftToRight: paragraphLevel = 0
                case .rightToLeft: paragraphLevel = 1
                case .auto: paragraphLevel = BidiExplicitLevels.firstStrong(cl, 0, n, matchPtr) ?? 0
                }
                do {
                    do {
                        if mask & BC.explicitMask == 0 {
                            // No explicit formatting: X1–X8 give every character the paragraph
                            // level and X10 one isolating run sequence of everything X9 keeps.
                            let removesBN = mask & BC.bit(BC.BN) != 0
                            let e = paragraphLevel & 1 == 1 ? BC.R : BC.L
                            if !removesBN {
                                BidiSequenceResolver.resolve(types: ty, count: n, index: nil, level: paragraphLevel,
                                                             sos: e, eos: e, mask: mask, classes: cl, codePoints: cps, levels: lv)
                            } else {
                                withUnsafeTemporaryAllocation(of: Int32.self, capacity: n) { ib in
                                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n) { sb in
                                        let idx = ib.baseAddress!, st = sb.baseAddress!
                                        var m = 0
                                        for i in 0..<n {
                                            if cl[i] == BC.BN { lv[i] = BidiResult.removedLevel }   // X9
                                            else { idx[m] = Int32(i); st[m] = ty[i]; m += 1 }
                                        }
                                        BidiSequenceResolver.resolve(types: st, count: m, index: idx, level: paragraphLevel,
                                                                     sos: e, eos: e, mask: mask, classes: cl, codePoints: cps, levels: lv)
                                    }
                                }
                            }
                        } else {
                            BidiExplicitLevels.apply(classes: cl, types: ty, levels: lv, count: n,
                                                     paragraphLevel: paragraphLevel, match: matchPtr)
                            BidiRunSequences.resolveAll(classes: cl, types: ty, levels: lv, count: n, paragraphLevel: paragraphLevel,
                                                        match: matchPtr, mask: mask, codePoints: cps)
                        }
                    }
                }
            }
        }
        return paragraphLevel
    }
}
