/// Rules L1 and L2: per line, reset some levels to the paragraph level, then reverse runs
/// from the highest level down to the lowest odd level.
enum BidiReordering {
    /// UAX #9 L1: copies a line's levels into `out`, resetting to the paragraph level
    /// (1) segment separators (S) and paragraph separators (B), (2)–(3) any sequence of
    /// whitespace (WS) and isolate formatting characters (FSI, LRI, RLI, PDI) before them,
    /// (4) and such a sequence at the end of the line. X9-removed characters keep
    /// `removedLevel` and do not interrupt a sequence (UAX #9 section 5.2).
    @inline(__always)
    static func applyL1(levels: UnsafePointer<UInt8>, classes: UnsafePointer<UInt8>, count n: Int,
                        paragraphLevel: UInt8, into out: UnsafeMutablePointer<UInt8>) {
        var resetting = true   // L1 (4): the end of the line
        var i = n - 1
        while i >= 0 {
            let level = levels[i]
            let bit = BC.bit(classes[i])
            if level == BidiResult.removedLevel {
                out[i] = level
            } else if bit & (BC.bit(BC.S) | BC.bit(BC.B)) != 0 {
                out[i] = paragraphLevel           // L1 (1), (2)
                resetting = true
            } else if resetting && bit & BC.l1TrailingMask != 0 {
                out[i] = paragraphLevel           // L1 (3), (4)
            } else {
                out[i] = level
                resetting = false
            }
            i -= 1
        }
    }

    /// UAX #9 L2: from the highest level to the lowest odd level on the line, reverse any
    /// contiguous sequence of characters at that level or higher. Returns the line's
    /// indices (plus `offset`) in visual order, skipping `removedLevel` entries.
    static func reorder(levels: UnsafeBufferPointer<UInt8>, offset: Int) -> [Int] {
        let n = levels.count
        var kept = 0, highest: UInt8 = 0, lowestOdd: UInt8 = 0xFF
        for l in levels where l != BidiResult.removedLevel {
            kept += 1
            if l > highest { highest = l }
            if l & 1 == 1 && l < lowestOdd { lowestOdd = l }
        }
        return [Int](unsafeUninitializedCapacity: kept) { order, initialized in
            initialized = kept
            guard kept > 0 else { return }
            let o = order.baseAddress!
            if highest == 0 {
                var k = 0
                for i in 0..<n where levels[i] != BidiResult.removedLevel { o[k] = offset + i; k += 1 }
                return
            }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: kept) { lvBuffer in
                let lv = lvBuffer.baseAddress!
                var k = 0
                for i in 0..<n where levels[i] != BidiResult.removedLevel {
                    o[k] = offset + i
                    lv[k] = levels[i]
                    k += 1
                }
                if lowestOdd == 0xFF { return }   // only even levels, all 0 or ≥ 2 ...
                var level = highest
                while level >= lowestOdd {
                    var k = 0
                    while k < kept {
                        if lv[k] >= level {
                            let start = k
                            while k < kept && lv[k] >= level { k += 1 }
                            var a = start, b = k - 1
                            while a < b {
                                swap(&o[a], &o[b]); swap(&lv[a], &lv[b])
                                a += 1; b -= 1
                            }
                        } else {
                            k += 1
                        }
                    }
                    level -= 1
                }
            }
        }
    }
}
