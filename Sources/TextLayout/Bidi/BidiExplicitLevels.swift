/// Explicit levels and directions: rules X1–X8, with BD9 (matching PDIs) and P2/P3 (the
/// first strong character, also used by FSI in X5c).
enum BidiExplicitLevels {
    /// BD2: the deepest valid embedding level.
    static let maxDepth: UInt8 = 125

    /// BD9: for each isolate initiator the index of its matching PDI, for each matched PDI
    /// the index of its initiator, -1 elsewhere.
    static func matchIsolates(_ cl: UnsafePointer<UInt8>, _ n: Int) -> [Int32] {
        var match = [Int32](repeating: -1, count: n)
        var open: [Int32] = []
        for i in 0..<n {
            let c = cl[i]
            if BC.isIsolateInitiator(c) {
                open.append(Int32(i))
            } else if c == BC.PDI {
                if let j = open.popLast() { match[Int(j)] = Int32(i); match[i] = j }
            } else if c == BC.B {
                open.removeAll(keepingCapacity: true)   // an isolate ends with its paragraph
            }
        }
        return match
    }

    /// P2, P3: the level (0 for L, 1 for R or AL) of the first strong character in
    /// `from..<to`, skipping characters between an isolate initiator and its matching PDI
    /// (or the end of the paragraph when it has none); nil if there is none. Embedding
    /// initiators are ignored, the characters inside embeddings are not.
    static func firstStrong(_ cl: UnsafePointer<UInt8>, _ from: Int, _ to: Int, _ match: UnsafePointer<Int32>?) -> UInt8? {
        var i = from
        while i < to {
            let c = cl[i]
            if c == BC.L { return 0 }
            if c == BC.R || c == BC.AL { return 1 }
            if c == BC.B { return nil }
            if BC.isIsolateInitiator(c) {
                guard let match, match[i] >= 0 else { return nil }
                i = Int(match[i])
            }
            i += 1
        }
        return nil
    }

    /// X1–X8. Sets `levels` (the embedding level of each character, `removedLevel` for the
    /// characters X9 will remove) and, under a directional override, resets `types` to L or R.
    static func apply(classes cl: UnsafePointer<UInt8>, types ty: UnsafeMutablePointer<UInt8>,
                      levels lv: UnsafeMutablePointer<UInt8>, count n: Int, paragraphLevel: UInt8,
                      match: UnsafePointer<Int32>?) {
        // X1: the directional status stack (level, override, isolate), at most max_depth + 2 entries.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Int(maxDepth) + 2) { lvlStackBuf in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Int(maxDepth) + 2) { ovrStackBuf in
        withUnsafeTemporaryAllocation(of: Bool.self, capacity: Int(maxDepth) + 2) { isoStackBuf in
            let levelStack = lvlStackBuf.baseAddress!, overrideStack = ovrStackBuf.baseAddress!, isolateStack = isoStackBuf.baseAddress!
            let neutral: UInt8 = 0xFF   // override status "neutral"; otherwise BC.L or BC.R
            var top = 0
            levelStack[0] = paragraphLevel; overrideStack[0] = neutral; isolateStack[0] = false
            var overflowIsolates = 0, overflowEmbeddings = 0, validIsolates = 0

            @inline(__always) func nextOdd(_ l: UInt8) -> UInt8 { (l + 1) | 1 }
            @inline(__always) func nextEven(_ l: UInt8) -> UInt8 { (l + 2) & ~1 }

            for i in 0..<n {
                let c = cl[i]
                switch c {
                case BC.RLE, BC.LRE, BC.RLO, BC.LRO:
                    // X2–X5: push an embedding or override if the new level is valid and
                    // nothing overflowed; otherwise count an overflow embedding.
                    let rtl = c == BC.RLE || c == BC.RLO
                    let newLevel = rtl ? nextOdd(levelStack[top]) : nextEven(levelStack[top])
                    if newLevel <= maxDepth && overflowIsolates == 0 && overflowEmbeddings == 0 {
                        top += 1
                        levelStack[top] = newLevel
                        overrideStack[top] = c == BC.RLO ? BC.R : c == BC.LRO ? BC.L : neutral
                        isolateStack[top] = false
                    } else if overflowIsolates == 0 {
                        overflowEmbeddings += 1
                    }
                    lv[i] = BidiResult.removedLevel   // X9
                case BC.RLI, BC.LRI, BC.FSI:
                    // X5a–X5c: the initiator takes the current level (and override), then
                    // pushes an isolate; FSI looks at its content (P2, P3) to choose.
                    lv[i] = levelStack[top]
                    if overrideStack[top] != neutral { ty[i] = overrideStack[top] }
                    var rtl = c == BC.RLI
                    if c == BC.FSI {
                        let end = match.map { $0[i] >= 0 ? Int($0[i]) : n } ?? n
                        rtl = firstStrong(cl, i + 1, end, match) == 1
                    }
                    let newLevel = rtl ? nextOdd(levelStack[top]) : nextEven(levelStack[top])
                    if newLevel <= maxDepth && overflowIsolates == 0 && overflowEmbeddings == 0 {
                        validIsolates += 1
                        top += 1
                        levelStack[top] = newLevel
                        overrideStack[top] = neutral
                        isolateStack[top] = true
                    } else {
                        overflowIsolates += 1
                    }
                case BC.PDI:
                    // X6a: close the matching isolate (and every embedding inside it).
                    if overflowIsolates > 0 {
                        overflowIsolates -= 1
                    } else if validIsolates > 0 {
                        overflowEmbeddings = 0
                        while !isolateStack[top] { top -= 1 }
                        top -= 1
                        validIsolates -= 1
                    }
                    lv[i] = levelStack[top]
                    if overrideStack[top] != neutral { ty[i] = overrideStack[top] }
                case BC.PDF:
                    // X7: close an embedding or override (not an isolate).
                    if overflowIsolates > 0 {
                    } else if overflowEmbeddings > 0 {
                        overflowEmbeddings -= 1
                    } else if !isolateStack[top] && top >= 1 {
                        top -= 1
                    }
                    lv[i] = BidiResult.removedLevel   // X9
                case BC.B:
                    // X8: a paragraph separator ends everything and takes the paragraph level.
                    lv[i] = paragraphLevel
                    top = 0; overflowIsolates = 0; overflowEmbeddings = 0; validIsolates = 0
                case BC.BN:
                    lv[i] = BidiResult.removedLevel   // X9
                default:
                    // X6: everything else takes the current level, and the override if any.
                    lv[i] = levelStack[top]
                    if overrideStack[top] != neutral { ty[i] = overrideStack[top] }
                }
            }
        }
        }
        }
    }
}
