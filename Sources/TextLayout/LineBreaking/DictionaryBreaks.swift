import CICUBreak
import UnicodeData

/// Line-break opportunities between the words of Thai, Lao, Khmer and Burmese text (UAX #14
/// class SA), which has no spaces between words: ICU's dictionary-based line-break iterator
/// (`UBRK_LINE` in the run's language, through `CICUBreak`) finds them, run by run.
///
/// An *SA run* is an SA letter (resolved class `SA`) of a `DictionaryScript`, followed by
/// letters and marks (`SAMark`) of the same script and combining marks (`CM`, `ZWJ`) of any.
/// Only the opportunities strictly inside a run, before one of its letters, are taken from
/// ICU: everything else (spaces, punctuation, kinsoku, mandatory breaks) stays UAX #14 with
/// the style. The pair table's rules never break inside a run (LB9, LB28), so the added
/// opportunities do not meet any of ours.
///
/// Only the styled breakers call this, and only for text with an SA letter (the pair table
/// flags them): other text pays nothing.
enum DictionaryBreaks {
    /// Adds the dictionary opportunities of the SA runs of `bytes` from offset `start` (the
    /// first SA letter) on to `breaks`, which holds the sorted `(offset << 1) | mandatory`
    /// entries of `bytes` (the added ones are not mandatory).
    static func insert(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, into breaks: inout [Int]) {
        var found: [Int] = []
        forEachRun(bytes, from: start) { run, script in
            appendOpportunities(bytes, run: run, script: script, to: &found)
        }
        if !found.isEmpty { merge(found, into: &breaks) }
    }

    /// Calls `body` with the byte range and script of each SA run with two letters or more
    /// that starts at or after `start`.
    static func forEachRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int,
                           _ body: (Range<Int>, DictionaryScript) -> Void) {
        guard let p = bytes.baseAddress else { return }
        let n = bytes.count
        let classes = LineBreakClassTable.shared
        let letter = ResolvedLineBreakClass.SA.rawValue
        var i = max(0, start)
        while i < n {
            if p[i] < 0x80 { i &+= 1; continue }
            let (cp, length) = UTF8Scalar.decode(p, i, n)
            guard classes.classRaw(cp) == letter, let script = DictionaryScript(cp) else { i &+= length; continue }
            let runStart = i
            var letters = 1
            i &+= length
            while i < n {
                let (next, nextLength) = UTF8Scalar.decode(p, i, n)
                let c = classes.resolvedClass(next)
                let sameScript = (c == .SA || c == .SAMark) && DictionaryScript(next) == script
                guard sameScript || c == .CM || c == .ZWJ else { break }
                if c == .SA { letters &+= 1 }
                i &+= nextLength
            }
            if letters > 1 { body(runStart..<i, script) }
        }
    }

    /// Appends `(offset << 1)` for each opportunity ICU finds inside `run` before one of its
    /// SA letters (ICU never breaks before a mark; checking keeps clusters whole regardless).
    static func appendOpportunities(_ bytes: UnsafeBufferPointer<UInt8>, run: Range<Int>, script: DictionaryScript,
                                    to found: inout [Int]) {
        guard let p = bytes.baseAddress, run.count < Int(Int32.max) else { return }
        let length = Int32(run.count)
        // A run of k bytes has fewer than k inner boundaries.
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: run.count) { scratch in
            let count = reader_icu_line_breaks(script.icuScript, p + run.lowerBound, length,
                                               scratch.baseAddress, length)
            guard count > 0 else { return }
            let classes = LineBreakClassTable.shared
            for k in 0..<min(Int(count), run.count) {
                let offset = run.lowerBound + Int(scratch[k])
                guard offset > run.lowerBound, offset < run.upperBound, p[offset] & 0xC0 != 0x80,
                      classes.classRaw(UTF8Scalar.decode(p, offset, run.upperBound).value)
                        == ResolvedLineBreakClass.SA.rawValue
                else { continue }
                found.append(offset << 1)
            }
        }
    }

    /// Merges the sorted entries `found` into the sorted `breaks` (an offset in both keeps
    /// the entry of `breaks`).
    static func merge(_ found: [Int], into breaks: inout [Int]) {
        var merged: [Int] = []
        merged.reserveCapacity(breaks.count + found.count)
        var j = 0
        for entry in breaks {
            while j < found.count && found[j] >> 1 < entry >> 1 {
                merged.append(found[j])
                j += 1
            }
            if j < found.count && found[j] >> 1 == entry >> 1 { j += 1 }
            merged.append(entry)
        }
        merged.append(contentsOf: found[j...])
        breaks = merged
    }
}
