import Support

/// Rules X9 and X10: level runs (BD7) over the characters X9 keeps, chained into isolating
/// run sequences (BD13), each with its sos and eos; each sequence is then resolved.
enum BidiRunSequences {
    static func resolveAll(classes cl: UnsafePointer<UInt8>, types ty: UnsafeMutablePointer<UInt8>,
                           levels lv: UnsafeMutablePointer<UInt8>, count n: Int, paragraphLevel: UInt8,
                           match: UnsafePointer<Int32>?, mask: UInt32, codePoints: UnsafePointer<UInt32>) {
        let removed = BidiResult.removedLevel
        // BD7 over the kept characters (X9: removed characters are ignored, so a level run
        // continues across them): first and last kept index of each run.
        var runFirst: [Int32] = [], runLast: [Int32] = []
        var current: UInt8 = removed
        var last = -1
        for i in 0..<n where lv[i] != removed {
            if lv[i] != current {
                if last >= 0 { runLast.append(Int32(last)) }
                runFirst.append(Int32(i))
                current = lv[i]
            }
            last = i
        }
        if last >= 0 { runLast.append(Int32(last)) }
        let runCount = runFirst.count

        func run(startingAt index: Int32) -> Int {
            let low = runFirst.partitioningIndex { $0 >= index }
            precondition(low < runCount && runFirst[low] == index, "matching PDI does not start a level run")
            return low
        }

        withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(n, 1)) { ib in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(n, 1)) { sb in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(n, 1)) { eb in
            let idx = ib.baseAddress!, st = sb.baseAddress!
            // The embedding levels, kept: resolving a sequence overwrites `lv` with final
            // levels, but sos and eos of later sequences compare embedding levels.
            let embedding = eb.baseAddress!
            embedding.update(from: lv, count: n)
            for r in 0..<runCount {
                let first = Int(runFirst[r])
                // X10: a run that starts with a matched PDI continues the sequence of its initiator.
                if cl[first] == BC.PDI, let match, match[first] >= 0 { continue }
                var m = 0
                var cur = r
                while true {
                    var i = Int(runFirst[cur])
                    let end = Int(runLast[cur])
                    while i <= end {
                        if embedding[i] != removed { idx[m] = Int32(i); st[m] = ty[i]; m += 1 }
                        i += 1
                    }
                    if BC.isIsolateInitiator(cl[end]), let match, match[end] >= 0 {
                        cur = run(startingAt: match[end])
                    } else {
                        break
                    }
                }
                let level = embedding[first]
                // X10: sos from the higher of this level and the level of the character
                // before the sequence (paragraph level if none); eos likewise after it,
                // or the paragraph level when the sequence ends with an isolate initiator.
                var before = first - 1
                while before >= 0 && embedding[before] == removed { before -= 1 }
                let levelBefore = before >= 0 ? embedding[before] : paragraphLevel
                let lastIndex = Int(idx[m - 1])
                var levelAfter = paragraphLevel
                if !BC.isIsolateInitiator(cl[lastIndex]) {
                    var after = lastIndex + 1
                    while after < n && embedding[after] == removed { after += 1 }
                    if after < n { levelAfter = embedding[after] }
                }
                let sos = max(level, levelBefore) & 1 == 1 ? BC.R : BC.L
                let eos = max(level, levelAfter) & 1 == 1 ? BC.R : BC.L
                BidiSequenceResolver.resolve(types: st, count: m, index: idx, level: level, sos: sos, eos: eos,
                                             mask: mask, classes: cl, codePoints: codePoints, levels: lv)
            }
        }
        }
        }
    }
}
