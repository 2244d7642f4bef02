import Glibc
import Support

/// A TXT file converted to UTF-8, split into lines, and able to map any position of the
/// converted text back to a byte offset of the original file.
///
/// Lines end at LF, CR LF or a lone CR (the terminator belongs to no line). For a UTF-8
/// source the mapping is linear (`offset + BOM length`); for any other encoding it is
/// exact at each line start and at each iconv checkpoint, and the nearest preceding
/// anchor otherwise.
struct DecodedText {
    /// One line of the converted text.
    struct Line {
        /// UTF-8 range in `utf8`, without the terminator.
        var start: Int
        var end: Int
        var count: Int { end - start }
    }

    /// The text, UTF-8, BOM removed, line terminators still in place.
    let utf8: [UInt8]
    /// The lines in order.
    let lines: [Line]
    /// The encoding the text was decoded from.
    let encoding: TextEncoding
    /// Length of the byte-order mark skipped at the start of the file.
    let bomLength: Int
    /// Sorted anchors `(utf8 offset, original-file offset)` (empty for UTF-8 sources).
    fileprivate let anchorUTF8: [Int]
    private let anchorSource: [Int]

    /// Wraps text that was already UTF-8 in the file (after a BOM of `bomLength` bytes).
    init(utf8Source utf8: [UInt8], bomLength: Int) {
        self.utf8 = utf8
        self.encoding = .utf8
        self.bomLength = bomLength
        self.lines = Self.splitLines(utf8)
        self.anchorUTF8 = []
        self.anchorSource = []
    }

    /// Wraps the output of iconv for `source` (the file without its BOM).
    init(converted output: IconvDecoder.Output, source: UnsafeBufferPointer<UInt8>, encoding: TextEncoding, bomLength: Int) {
        self.utf8 = output.utf8
        self.encoding = encoding
        self.bomLength = bomLength
        let lines = Self.splitLines(output.utf8)
        self.lines = lines
        // Line starts in the source, found by code unit: LF, CR LF, CR.
        let sourceStarts = Self.sourceLineStarts(source, unitWidth: encoding.unitWidth, bigEndian: encoding.bigEndian)
        var au: [Int] = []
        var asrc: [Int] = []
        au.reserveCapacity(lines.count + output.checkpoints.count)
        asrc.reserveCapacity(lines.count + output.checkpoints.count)
        var ci = 0
        let cps = output.checkpoints
        let lineAnchors = sourceStarts.count == lines.count
        var li = 0
        // Merge line starts and checkpoints, both ascending.
        while li < (lineAnchors ? lines.count : 0) || ci < cps.count {
            let takeLine: Bool
            if lineAnchors && li < lines.count {
                takeLine = ci >= cps.count || lines[li].start <= cps[ci].utf8
            } else {
                takeLine = false
            }
            let u: Int, s: Int
            if takeLine { u = lines[li].start; s = sourceStarts[li]; li += 1 } else { u = cps[ci].utf8; s = cps[ci].source; ci += 1 }
            if let lastU = au.last {
                if u == lastU { continue }
                if s < asrc.last! { continue }  // keep the map monotonic
            }
            au.append(u)
            asrc.append(s + bomLength)
        }
        self.anchorUTF8 = au
        self.anchorSource = asrc
    }

    /// The original-file byte offset of a position in `utf8`, and whether it is exact.
    func sourceOffset(of position: Int) -> (offset: Int, exact: Bool) {
        if encoding.isUTF8 { return (position + bomLength, true) }
        let i = lastAnchor(atOrBefore: position)
        guard i >= 0 else { return (bomLength, position == 0) }
        return (anchorSource[i], anchorUTF8[i] == position)
    }

    /// The first anchor position strictly inside `(lower, upper)`, if any (non-UTF-8 only).
    func nextAnchor(after lower: Int, before upper: Int) -> Int? {
        if encoding.isUTF8 { return nil }
        let i = lastAnchor(atOrBefore: lower) + 1
        guard i < anchorUTF8.count, anchorUTF8[i] < upper else { return nil }
        return anchorUTF8[i]
    }

    /// The index of the last anchor at or before `position` (-1 if none).
    private func lastAnchor(atOrBefore position: Int) -> Int {
        anchorUTF8.partitioningIndex { $0 > position } - 1
    }

    /// Splits UTF-8 text at LF, CR LF and lone CR.
    static func splitLines(_ utf8: [UInt8]) -> [Line] {
        var lines: [Line] = []
        utf8.withUnsafeBufferPointer { p in
            let n = p.count
            if n > 0, let base = p.baseAddress, !hasLoneCR(base, n) {
                // Fast path (LF or CR LF only): memchr for LF.
                var start = 0
                while start < n, let hit = memchr(base + start, 0x0A, n - start) {
                    let i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    let end = (i > start && base[i - 1] == 0x0D) ? i - 1 : i
                    lines.append(Line(start: start, end: end))
                    start = i + 1
                }
                if start < n {
                    let end = base[n - 1] == 0x0D ? n - 1 : n
                    lines.append(Line(start: start, end: end))
                }
                if lines.isEmpty { lines.append(Line(start: 0, end: 0)) }
                return
            }
            var start = 0
            var i = 0
            while i < n {
                let b = p[i]
                if b == 0x0A {
                    lines.append(Line(start: start, end: i))
                    i += 1
                    start = i
                } else if b == 0x0D {
                    lines.append(Line(start: start, end: i))
                    i += (i + 1 < n && p[i + 1] == 0x0A) ? 2 : 1
                    start = i
                } else {
                    i += 1
                }
            }
            if start < n || lines.isEmpty { lines.append(Line(start: start, end: n)) }
        }
        return lines
    }

    /// Whether a CR not followed by LF occurs (a final CR counts as CR LF-like end).
    private static func hasLoneCR(_ base: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        var start = 0
        while start < n, let hit = memchr(base + start, 0x0D, n - start) {
            let i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if i + 1 < n && base[i + 1] != 0x0A { return true }
            start = i + 1
        }
        return false
    }

    /// Byte offsets (relative to `source`) of the start of each line of the source, the same
    /// way `splitLines` cuts the converted text.
    static func sourceLineStarts(_ source: UnsafeBufferPointer<UInt8>, unitWidth: Int, bigEndian: Bool) -> [Int] {
        var starts: [Int] = [0]
        let n = source.count - source.count % unitWidth
        if unitWidth == 1 {
            // Byte-oriented encodings: CR and LF bytes are never part of a multibyte
            // sequence in UTF-8, GB18030, Big5, Shift_JIS or EUC.
            var i = 0
            while i < n {
                let b = source[i]
                i += 1
                if b == 0x0A { starts.append(i) } else if b == 0x0D {
                    if i < n && source[i] == 0x0A { i += 1 }
                    starts.append(i)
                }
            }
            if starts.count > 1 && starts.last! >= n { starts.removeLast() }
            return starts
        }
        if unitWidth == 2, n > 0, let base = source.baseAddress {
            // Fast path: memchr for the LF byte, keeping hits that are a whole LF unit, when
            // every CR unit is followed by LF.
            let low = bigEndian ? 1 : 0  // index of the significant byte in a unit
            func unitAt(_ i: Int, is value: UInt8) -> Bool {
                let u = i - low  // first byte of the unit
                guard u >= 0, u % 2 == 0, u + 1 < n else { return false }
                return base[i] == value && base[u + 1 - low] == 0
            }
            var loneCR = false
            var start = 0
            while start < n, let hit = memchr(base + start, 0x0D, n - start) {
                let i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                start = i + 1
                guard i >= low, unitAt(i, is: 0x0D) else { continue }
                let next = i + 2
                if next < n && !unitAt(next, is: 0x0A) { loneCR = true; break }
            }
            if !loneCR {
                start = 0
                while start < n, let hit = memchr(base + start, 0x0A, n - start) {
                    let i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    start = i + 1
                    guard i >= low, unitAt(i, is: 0x0A) else { continue }
                    starts.append(i - low + 2)
                }
                if starts.count > 1 && starts.last! >= n { starts.removeLast() }
                return starts
            }
        }
        if unitWidth == 2 {
            let units = n / 2
            let raw = UnsafeRawPointer(source.baseAddress!)
            var k = 0
            while k < units {
                var u = raw.loadUnaligned(fromByteOffset: 2 * k, as: UInt16.self)
                if bigEndian { u = u.byteSwapped }
                k += 1
                if u == 0x0A { starts.append(2 * k) } else if u == 0x0D {
                    if k < units {
                        var v = raw.loadUnaligned(fromByteOffset: 2 * k, as: UInt16.self)
                        if bigEndian { v = v.byteSwapped }
                        if v == 0x0A { k += 1 }
                    }
                    starts.append(2 * k)
                }
            }
            if starts.count > 1 && starts.last! >= n { starts.removeLast() }
            return starts
        }
        @inline(__always) func unit(_ i: Int) -> UInt32 {
            switch unitWidth {
            case 1: return UInt32(source[i])
            case 2:
                return bigEndian ? UInt32(source[i]) << 8 | UInt32(source[i + 1])
                                 : UInt32(source[i + 1]) << 8 | UInt32(source[i])
            default:
                return bigEndian
                    ? UInt32(source[i]) << 24 | UInt32(source[i + 1]) << 16 | UInt32(source[i + 2]) << 8 | UInt32(source[i + 3])
                    : UInt32(source[i + 3]) << 24 | UInt32(source[i + 2]) << 16 | UInt32(source[i + 1]) << 8 | UInt32(source[i])
            }
        }
        var i = 0
        while i < n {
            let u = unit(i)
            if u == 0x0A {
                i += unitWidth
                starts.append(i)
            } else if u == 0x0D {
                i += unitWidth
                if i < n && unit(i) == 0x0A { i += unitWidth }
                starts.append(i)
            } else {
                i += unitWidth
            }
        }
        // splitLines drops the empty line after a final terminator.
        if starts.count > 1 && starts.last! >= n { starts.removeLast() }
        return starts
    }
}

extension DecodedText {
    /// The original-file offset of `position`, exact whenever it can be computed: at an
    /// anchor; for UTF-8 always; for UTF-16/32 by counting scalars from the preceding
    /// anchor; for the legacy multibyte encodings when only ASCII and U+3000 (two bytes in
    /// GB18030, Big5, Shift_JIS, EUC-JP, EUC-KR) lie between the anchor and `position`.
    func exactSourceOffset(of position: Int) -> Int? {
        let (offset, exact) = sourceOffset(of: position)
        if exact { return offset }
        guard let anchor = anchorPosition(atOrBefore: position) else { return nil }
        var source = offset
        var i = anchor
        let unit = encoding.unitWidth
        let legacyCJK = unit == 1 && EncodingScorer.family(of: encoding) != .western
        while i < position {
            let b = utf8[i]
            let length = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
            switch unit {
            case 2: source += length == 4 ? 4 : 2
            case 4: source += 4
            default:
                if b < 0x80 { source += 1 }
                else if legacyCJK && length == 3 && utf8[i] == 0xE3 && utf8[i + 1] == 0x80 && utf8[i + 2] == 0x80 { source += 2 }
                else { return nil }
            }
            i += length
        }
        return i == position ? source : nil
    }

    /// The UTF-8 position of the last anchor at or before `position`.
    private func anchorPosition(atOrBefore position: Int) -> Int? {
        let i = lastAnchor(atOrBefore: position)
        return i >= 0 ? anchorUTF8[i] : nil
    }
}
