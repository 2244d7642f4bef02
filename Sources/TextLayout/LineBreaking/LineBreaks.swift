import UnicodeData

/// UAX #14 line-break opportunities of UTF-8 text.
///
/// The rules (`lineBreakRules`, tagged LB2…LB31) are compiled once per rule set into a
/// `LineBreakPairTable`; finding the opportunities is one pass over the bytes with one class
/// lookup (`LineBreakClassTable`) and one table load per code point.
public enum LineBreaks {
    /// Default, untailored UAX #14. offset = UTF-8 byte offset in `text` where a line may
    /// start; end of text included (LB3, isMandatory = true).
    public static func opportunities(in text: String) -> [LineBreakOpportunity] {
        opportunities(in: text, set: .uax14)
    }

    /// With CSS line-break tailoring for CJK and dictionary breaks inside Thai, Lao, Khmer
    /// and Burmese words (see `LineBreakStyle`, `DictionaryBreaks` and docs/LINEBREAK.md).
    public static func opportunities(in text: String, style: LineBreakStyle) -> [LineBreakOpportunity] {
        opportunities(in: text, set: LineBreakRuleSet(style))
    }

    /// Hot path used by the layout engine: scans UTF-8 `bytes` (valid UTF-8) and replaces the
    /// contents of `out` with one entry per opportunity, encoded as
    /// `(offset << 1) | (isMandatory ? 1 : 0)`, offsets relative to `bytes.baseAddress`.
    /// Inside runs of SA letters (Thai, Lao, Khmer, Myanmar) the opportunities between words
    /// come from ICU's dictionary (`DictionaryBreaks`); text without SA letters never calls ICU.
    ///
    /// Malformed UTF-8 gives unspecified (but in-bounds, non-crashing) results.
    public static func collect(_ bytes: UnsafeBufferPointer<UInt8>, style: LineBreakStyle, into out: inout [Int]) {
        collect(bytes, set: LineBreakRuleSet(style), into: &out)
    }

    /// Untailored UAX #14 variant of `collect(_:style:into:)`.
    public static func collect(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [Int]) {
        collect(bytes, set: .uax14, into: &out)
    }

    static func opportunities(in text: String, set: LineBreakRuleSet) -> [LineBreakOpportunity] {
        var text = text
        var raw: [Int] = []
        text.withUTF8 { collect($0, set: set, into: &raw) }
        return raw.map { LineBreakOpportunity(offset: $0 >> 1, isMandatory: $0 & 1 != 0) }
    }

    /// The number of the rule that decided each position after the first character
    /// (diagnostics for the conformance test): `(offset, rule)` for every code point boundary.
    static func explain(_ scalars: [Unicode.Scalar], set: LineBreakRuleSet) -> [String] {
        let table = LineBreakPairTable.table(set)
        let classes = LineBreakClassTable.shared
        var row = 0
        var out: [String] = []
        for (i, s) in scalars.enumerated() {
            let c = Int(classes.classRaw(s.value))
            let index = row | c
            if i > 0 { out.append(table.ruleNumbers[index]) }
            row = Int(table.entries[index] & LineBreakPairTable.rowMask)
        }
        return out
    }

    /// The opportunities of `set`: the pair table's, then (for the styles, unless
    /// `dictionary` is false) the dictionary breaks of the SA runs.
    static func collect(_ bytes: UnsafeBufferPointer<UInt8>, set: LineBreakRuleSet, dictionary: Bool = true,
                        into out: inout [Int]) {
        let firstLetter = scan(bytes, set: set, into: &out)
        if dictionary && firstLetter >= 0 { DictionaryBreaks.insert(bytes, from: firstLetter, into: &out) }
    }

    /// The pair table's opportunities into `out`; returns the offset of the first SA letter
    /// for a tailored set (the pair table flags them), -1 if none.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, set: LineBreakRuleSet, into out: inout [Int]) -> Int {
        out.removeAll(keepingCapacity: true)
        let n = bytes.count
        guard n > 0, let p = bytes.baseAddress else { return -1 }
        let hot = LineBreakPairTable.hot(set)
        var scanner = Scanner(p: p, n: n, hot: hot)

        // Results go to a scratch buffer without per-entry capacity checks: before each chunk
        // of input there is room for one entry per byte of the chunk plus slack (a deferred
        // LB25 break, the end of text, the branch-free write one past the last entry), which
        // bounds what the chunk can produce. Short paragraphs use the stack.
        if n <= 2048 {
            withUnsafeTemporaryAllocation(of: Int.self, capacity: n + 4) { scratch in
                let buffer = scratch.baseAddress!
                var count = 0
                scanner.scan(to: n, into: buffer, count: &count)
                scanner.finish(into: buffer, count: &count)
                out.append(contentsOf: UnsafeBufferPointer(start: buffer, count: count))
            }
            return scanner.firstLetter
        }
        let chunk = 16384
        var capacity = chunk + 4
        var buffer = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
        var count = 0
        while scanner.i < n {
            let chunkEnd = min(n, scanner.i &+ chunk)
            let need = count &+ (chunkEnd &- scanner.i) &+ 4
            if need > capacity {
                let grown = UnsafeMutablePointer<Int>.allocate(capacity: max(need, capacity &* 2))
                grown.moveInitialize(from: buffer, count: count)
                buffer.deallocate()
                buffer = grown
                capacity = max(need, capacity &* 2)
            }
            scanner.scan(to: chunkEnd, into: buffer, count: &count)
        }
        scanner.finish(into: buffer, count: &count)
        out.append(contentsOf: UnsafeBufferPointer(start: buffer, count: count))
        buffer.deallocate()
        return scanner.firstLetter
    }

    /// The automaton walking the bytes: position, state row, the LB25 deferred offset and
    /// the first SA letter.
    struct Scanner {
        let p: UnsafePointer<UInt8>
        let n: Int
        let hot: LineBreakPairTable.Hot
        /// Offset of the next character.
        var i = 0
        /// Row of the current state (state 0: start of text, LB2).
        var row = 0
        /// LB25: offset of an OP whose break waits for the next class.
        var deferred = 0
        /// Offset of the first SA letter (a tailored set's special action 4), -1 if none.
        var firstLetter = -1

        init(p: UnsafePointer<UInt8>, n: Int, hot: LineBreakPairTable.Hot) {
            self.p = p
            self.n = n
            self.hot = hot
        }

        /// Scans the characters that start before `end`, writing at most one entry per byte
        /// (+ 1) at `buffer[count...]`.
        @inline(__always)
        mutating func scan(to end: Int, into buffer: UnsafeMutablePointer<Int>, count: inout Int) {
            let p = self.p, n = self.n
            let entries = hot.entries
            let classes = LineBreakClassTable.shared
            let ascii = classes.ascii
            let stage1 = classes.stage1
            let stage2 = classes.stage2
            let predictedRow = hot.predictedRow
            let mispredicted = hot.entriesForMisprediction
            var i = self.i, row = self.row, deferred = self.deferred, firstLetter = self.firstLetter
            defer { self.i = i; self.row = row; self.deferred = deferred; self.firstLetter = firstLetter }
            while i < end {
                let start = i
                let b0 = p[i]
                let cls: Int
                if b0 < 0x80 {
                    cls = Int(ascii[Int(b0)])
                    i &+= 1
                } else {
                    // The stage-1 index is the code point >> 6, read straight from the bytes.
                    // (Malformed input cannot read out of bounds: a truncated sequence at the
                    // end is taken as AL, and 4-byte blocks are clamped to the table.)
                    let length = b0 < 0xE0 ? 2 : (b0 < 0xF0 ? 3 : 4)
                    if _slowPath(i &+ length > n) {
                        cls = Int(ResolvedLineBreakClass.AL.rawValue)
                        i = n
                    } else {
                        let block: Int
                        let low: Int
                        if length == 2 {
                            block = Int(b0 & 0x1F)
                            low = Int(p[i &+ 1] & 0x3F)
                        } else if length == 3 {
                            block = Int(b0 & 0x0F) << 6 | Int(p[i &+ 1] & 0x3F)
                            low = Int(p[i &+ 2] & 0x3F)
                        } else {
                            block = min(Int(b0 & 0x07) << 12 | Int(p[i &+ 1] & 0x3F) << 6 | Int(p[i &+ 2] & 0x3F),
                                        LineBreakClassTable.lastBlock)
                            low = Int(p[i &+ 3] & 0x3F)
                        }
                        i &+= length
                        cls = Int(stage2[Int(stage1[block]) << 6 | low])
                    }
                }
                // The next row usually depends on the class only. Taking the predicted row and
                // checking it with a (well-predicted) branch lets the CPU start the next lookup
                // without waiting for this table load: a control dependency instead of a data one.
                let index = row | cls
                let e = entries[index]
                row = predictedRow[cls]
                if _slowPath(Int(e & LineBreakPairTable.rowMask) != row) {
                    row = Int(mispredicted[index] & LineBreakPairTable.rowMask)
                }
                if _slowPath(e & LineBreakPairTable.specialBit != 0) {
                    let action = hot.special[index]
                    if action & LineBreakPairTable.emitDeferred != 0 {
                        buffer[count] = deferred << 1
                        count &+= 1
                    }
                    if action & LineBreakPairTable.deferHere != 0 { deferred = start }
                    if action & LineBreakPairTable.dictionaryLetter != 0 && firstLetter < 0 { firstLetter = start }
                }
                // Branch-free: always write, advance only when a break is allowed here.
                buffer[count] = start << 1 | Int((e >> 14) & 1)
                count &+= Int((e >> 13) & 1)
            }
        }

        /// End of text: a deferred LB25 break (OP not followed by NU), then LB3 (! eot).
        @inline(__always)
        func finish(into buffer: UnsafeMutablePointer<Int>, count: inout Int) {
            if hot.hasDeferred[row >> LineBreakPairTable.columnShift] {
                buffer[count] = deferred << 1
                count &+= 1
            }
            buffer[count] = n << 1 | 1
            count &+= 1
        }
    }
}
