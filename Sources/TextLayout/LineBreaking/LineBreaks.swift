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

    /// With CSS line-break tailoring for CJK (see `LineBreakStyle` and docs/LINEBREAK.md).
    public static func opportunities(in text: String, style: LineBreakStyle) -> [LineBreakOpportunity] {
        opportunities(in: text, set: LineBreakRuleSet(style))
    }

    /// Hot path used by the layout engine: scans UTF-8 `bytes` (valid UTF-8) and replaces the
    /// contents of `out` with one entry per opportunity, encoded as
    /// `(offset << 1) | (isMandatory ? 1 : 0)`, offsets relative to `bytes.baseAddress`.
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
        var state = 0
        var out: [String] = []
        for (i, s) in scalars.enumerated() {
            let c = Int(classes.classRaw(s.value))
            let index = state << LineBreakPairTable.columnShift | c
            if i > 0 { out.append(table.ruleNumbers[index]) }
            state = Int(table.entries[index] & 0xFF)
        }
        return out
    }

    static func collect(_ bytes: UnsafeBufferPointer<UInt8>, set: LineBreakRuleSet, into out: inout [Int]) {
        out.removeAll(keepingCapacity: true)
        let n = bytes.count
        guard n > 0, let p = bytes.baseAddress else { return }
        // Roughly one opportunity per word in alphabetic text, per character in CJK text.
        let estimate = n / 5 + 16
        if out.capacity < estimate { out.reserveCapacity(estimate) }

        let table = LineBreakPairTable.table(set)
        let entries = table.entries
        let classes = LineBreakClassTable.shared
        let ascii = classes.ascii
        let stage1 = classes.stage1
        let stage2 = classes.stage2

        var state = 0          // start of text (LB2)
        var deferred = 0       // LB25: offset of an OP whose break waits for the next class
        var i = 0
        while i < n {
            let b0 = p[i]
            let cls: Int
            let len: Int
            if b0 < 0x80 {
                cls = Int(ascii[Int(b0)])
                len = 1
            } else {
                let cp: UInt32
                if b0 < 0xE0 {
                    cp = (UInt32(b0 & 0x1F) << 6) | UInt32(p[i &+ 1] & 0x3F)
                    len = 2
                } else if b0 < 0xF0 {
                    cp = (UInt32(b0 & 0x0F) << 12) | (UInt32(p[i &+ 1] & 0x3F) << 6) | UInt32(p[i &+ 2] & 0x3F)
                    len = 3
                } else {
                    cp = (UInt32(b0 & 0x07) << 18) | (UInt32(p[i &+ 1] & 0x3F) << 12)
                        | (UInt32(p[i &+ 2] & 0x3F) << 6) | UInt32(p[i &+ 3] & 0x3F)
                    len = 4
                }
                let block = Int(stage1[Int(cp >> 6)])
                cls = Int(stage2[block << 6 | Int(cp & 63)])
            }
            let e = entries[state << LineBreakPairTable.columnShift | cls]
            state = Int(e & 0xFF)
            if e > 0xFF {
                if e & LineBreakPairTable.emitDeferredBit != 0 { out.append(deferred << 1) }
                if e & LineBreakPairTable.deferBit != 0 { deferred = i }
                if e & LineBreakPairTable.allowedBit != 0 {
                    out.append(i << 1 | Int((e & LineBreakPairTable.mandatoryBit) >> 9))
                }
            }
            i &+= len
        }
        if table.hasDeferred[state] { out.append(deferred << 1) }   // LB25: OP not followed by NU
        out.append(n << 1 | 1)                                       // LB3: ! eot
    }
}
