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
    ///
    /// Done on level runs rather than characters: the line is cut into maximal runs of one
    /// level (X9-removed characters do not cut a run), the reversals are applied to the
    /// list of runs, and each run is then written forwards (even level) or backwards (odd
    /// level: it was reversed an odd number of times more than a run just below it).
    static func reorder(levels: UnsafeBufferPointer<UInt8>, offset: Int) -> [Int] {
        let n = levels.count
        guard n > 0 else { return [] }
        let removed = BidiResult.removedLevel
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: n + 1) { startsBuffer in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n + 1) { runLevelsBuffer in
                let starts = startsBuffer.baseAddress!, runLevels = runLevelsBuffer.baseAddress!
                var runs = 0, kept = 0
                var current = removed, highest: UInt8 = 0, lowestOdd: UInt8 = 0xFF
                for i in 0..<n {
                    let l = levels[i]
                    if l == removed { continue }
                    kept += 1
                    if l != current {
                        starts[runs] = Int32(i); runLevels[runs] = l; runs += 1
                        current = l
                        if l > highest { highest = l }
                        if l & 1 == 1 && l < lowestOdd { lowestOdd = l }
                    }
                }
                guard runs > 0 else { return [] }
                starts[runs] = Int32(n)
                // The runs, as (first index, end index) pairs, in visual order after L2.
                return withUnsafeTemporaryAllocation(of: Int.self, capacity: runs) { orderBuffer in
                    let runOrder = orderBuffer.baseAddress!
                    for r in 0..<runs { runOrder[r] = r }
                    if lowestOdd != 0xFF {
                        var level = highest
                        while level >= lowestOdd {
                            var r = 0
                            while r < runs {
                                if runLevels[runOrder[r]] >= level {
                                    let first = r
                                    while r < runs && runLevels[runOrder[r]] >= level { r += 1 }
                                    var a = first, b = r - 1
                                    while a < b { swap(&runOrder[a], &runOrder[b]); a += 1; b -= 1 }
                                } else {
                                    r += 1
                                }
                            }
                            level -= 1
                        }
                    }
                    return [Int](unsafeUninitializedCapacity: kept) { out, initialized in
                        let o = out.baseAddress!
                        var k = 0
                        for r in 0..<runs {
                            let run = runOrder[r]
                            let a = Int(starts[run]), b = Int(starts[run + 1])
                            if runLevels[run] & 1 == 0 {
                                for i in a..<b where levels[i] != removed { o[k] = offset + i; k += 1 }
                            } else {
                                var i = b - 1
                                while i >= a {
                                    if levels[i] != removed { o[k] = offset + i; k += 1 }
                                    i -= 1
                                }
                            }
                        }
                        initialized = k
                    }
                }
            }
        }
    }
}
