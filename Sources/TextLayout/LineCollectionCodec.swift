import TextContent

/// Encodes a `LineCollection` into a compact, versioned, checksummed byte string and back
/// — the per-chapter blob of the on-disk layout cache (documented in docs/CACHE.md).
///
/// Format 2 stores lines row by row, each as three or four LEB128 varints:
/// * `head = metaIndex << 2 | gapCode` — `metaIndex` points into a small per-blob
///   dictionary of "meta" values (flags | kind << 16 | indent << 20, most frequent
///   first); `gapCode` says where the line starts relative to the previous line's end:
///   0 = right there, 1 = one byte later (the block separator), 2 = an explicit zigzag
///   varint follows (blank lines can step back);
/// * `length - width + 1` — bytes minus cells, small for Latin text (0 escapes: an
///   explicit length follows, for the rare line with fewer bytes than cells — tabs);
/// * `options.width - width + 1` — the cells left free, small for full lines (0 escapes:
///   an explicit width follows, for an overwide line).
/// A typical novel line takes 3 bytes, whatever the width.
public enum LineCollectionCodec {
    /// Blob magic.
    public static let magic: [UInt8] = Array("RDLC".utf8)
    /// Format version; bump on any change of the layout below. (1: column-wise varints.)
    public static let formatVersion: UInt16 = 2

    /// Why a blob was rejected.
    public enum DecodeError: Error, Equatable {
        case tooShort, badMagic, wrongVersion(UInt16), checksumMismatch, keyMismatch, malformed(String)
    }

    /// Encodes `lines`; `key` identifies what they are a layout of (book hash, options,
    /// engine and Unicode version) and is checked on decoding.
    public static func encode(_ lines: LineCollection, key: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 + key.utf8.count + lines.count * 4)
        encode(lines, key: key, into: &out)
        return out
    }

    /// Appends the blob of `lines` to `out` (lets a container write many blobs into one buffer).
    public static func encode(_ lines: LineCollection, key: String, into out: inout [UInt8]) {
        let base = out.count
        out += magic
        appendU16(formatVersion, to: &out)
        appendBytes(Array(key.utf8), to: &out)
        appendOptions(lines.options, to: &out)
        appendVarint(UInt64(lines.range.lowerBound.rawValue), to: &out)
        appendVarint(UInt64(lines.range.upperBound.rawValue), to: &out)
        appendVarint(UInt64(lines.count), to: &out)
        let c = lines.rawColumns
        let n = lines.count
        // Dictionary of meta values, most frequent first, so common lines get a 1-byte head.
        var frequency: [UInt32: Int] = [:]
        var metas = [UInt32](repeating: 0, count: n)
        for i in 0..<n {
            let meta = UInt32(c.flags[i]) | UInt32(c.kinds[i] & 0xF) << 16 | UInt32(c.indents[i]) << 20
            metas[i] = meta
            frequency[meta, default: 0] += 1
        }
        let dictionary = frequency.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        var index: [UInt32: UInt64] = [:]
        for (i, m) in dictionary.enumerated() { index[m] = UInt64(i) }
        appendVarint(UInt64(dictionary.count), to: &out)
        for m in dictionary { appendVarint(UInt64(m), to: &out) }
        let width = Int64(lines.options.width)
        var previousEnd = Int64(lines.range.lowerBound.rawValue)
        var lastMeta: UInt32 = .max
        var lastIndex: UInt64 = 0
        for i in 0..<n {
            let start = Int64(c.starts[i]), length = Int64(c.lengths[i]), w = Int64(c.widths[i])
            let gap = start - previousEnd
            let gapCode: UInt64 = gap == 0 ? 0 : gap == 1 ? 1 : 2
            if metas[i] != lastMeta { lastMeta = metas[i]; lastIndex = index[lastMeta]! }
            appendVarint(lastIndex << 2 | gapCode, to: &out)
            if gapCode == 2 { appendVarint(zigzag(gap), to: &out) }
            // Both are almost always ≥ 0; 0 escapes to an explicit value (tabs, overwide lines).
            if length >= w { appendVarint(UInt64(length - w + 1), to: &out) } else { out.append(0); appendVarint(UInt64(length), to: &out) }
            if w <= width { appendVarint(UInt64(width - w + 1), to: &out) } else { out.append(0); appendVarint(UInt64(w), to: &out) }
            previousEnd = start + length
        }
        let sum = checksum(out[base...])
        for k in 0..<8 { out.append(UInt8(truncatingIfNeeded: sum >> (8 * UInt64(k)))) }
    }

    /// Decodes a blob written by `encode`, checking magic, version, checksum and key.
    /// Never traps on damaged input: every malformed blob throws.
    public static func decode(_ blob: UnsafeRawBufferPointer, expectedKey: String) throws -> LineCollection {
        let bytes = blob.bindMemory(to: UInt8.self)
        guard bytes.count >= magic.count + 2 + 8 else { throw DecodeError.tooShort }
        guard bytes[0] == magic[0], bytes[1] == magic[1], bytes[2] == magic[2], bytes[3] == magic[3] else {
            throw DecodeError.badMagic
        }
        var reader = Reader(bytes: UnsafeBufferPointer(rebasing: bytes[0..<(bytes.count - 8)]), position: 4)
        let version = try reader.u16()
        guard version == formatVersion else { throw DecodeError.wrongVersion(version) }
        var stored: UInt64 = 0
        for k in 0..<8 { stored |= UInt64(bytes[bytes.count - 8 + k]) << (8 * UInt64(k)) }
        guard stored == checksum(UnsafeBufferPointer(rebasing: bytes[0..<(bytes.count - 8)])) else {
            throw DecodeError.checksumMismatch
        }
        guard try reader.byteStringEquals(Array(expectedKey.utf8)) else { throw DecodeError.keyMismatch }
        let options = try reader.options()
        let lower = try reader.varint(), upper = try reader.varint()
        guard lower <= upper, upper <= UInt64(UInt32.max) else { throw DecodeError.malformed("range") }
        let count = Int(clamping: try reader.varint())
        guard count <= reader.remaining / 3 else { throw DecodeError.malformed("line count") }
        let dictionaryCount = Int(clamping: try reader.varint())
        guard dictionaryCount <= reader.remaining, dictionaryCount <= max(count, 1) else {
            throw DecodeError.malformed("dictionary size")
        }
        var dictionary = [UInt32](repeating: 0, count: dictionaryCount)
        for i in 0..<dictionaryCount {
            let meta = try reader.varint()
            guard meta >> 28 == 0, BlockKind(rawValue: UInt8((meta >> 16) & 0xF)) != nil else {
                throw DecodeError.malformed("meta")
            }
            dictionary[i] = UInt32(meta)
        }
        var starts = [UInt32](repeating: 0, count: count)
        var lengths = [UInt32](repeating: 0, count: count)
        var widths = [UInt16](repeating: 0, count: count)
        var indents = [UInt8](repeating: 0, count: count)
        var kinds = [UInt8](repeating: 0, count: count)
        var flags = [UInt16](repeating: 0, count: count)
        let columnWidth = Int64(options.width)
        let lo = Int64(lower), hi = Int64(upper)
        var previousEnd = lo
        for i in 0..<count {
            let head = try reader.varint()
            let metaIndex = head >> 2
            guard metaIndex < UInt64(dictionaryCount) else { throw DecodeError.malformed("meta index") }
            let start: Int64
            switch head & 3 {
            case 0: start = previousEnd
            case 1: start = previousEnd + 1
            case 2: start = previousEnd &+ unzigzag(try reader.varint())
            default: throw DecodeError.malformed("gap code")
            }
            let extraCode = try reader.varint()
            let explicitLength = extraCode == 0 ? try reader.varint() : 0
            let freeCode = try reader.varint()
            let w: Int64
            if freeCode == 0 {
                let v = try reader.varint()
                guard v <= UInt64(UInt16.max) else { throw DecodeError.malformed("width") }
                w = Int64(v)
            } else {
                guard freeCode - 1 <= UInt64(columnWidth) else { throw DecodeError.malformed("width") }
                w = columnWidth - Int64(freeCode - 1)
            }
            guard w <= Int64(UInt16.max), explicitLength <= UInt64(UInt32.max), extraCode <= UInt64(UInt32.max) else {
                throw DecodeError.malformed("width")
            }
            let length = extraCode == 0 ? Int64(explicitLength) : Int64(extraCode - 1) + w
            guard length >= 0, start >= lo, start <= hi, length <= hi - start else {
                throw DecodeError.malformed("line outside range")
            }
            let meta = dictionary[Int(metaIndex)]
            starts[i] = UInt32(start)
            lengths[i] = UInt32(length)
            widths[i] = UInt16(w)
            flags[i] = UInt16(meta & 0xFFFF)
            kinds[i] = UInt8((meta >> 16) & 0xF)
            indents[i] = UInt8((meta >> 20) & 0xFF)
            previousEnd = start + length
        }
        guard reader.remaining == 0 else { throw DecodeError.malformed("trailing bytes") }
        return LineCollection(options: options, range: ByteRange(Int(lower), Int(upper)), starts: starts, lengths: lengths,
                              widths: widths, indents: indents, kinds: kinds, flags: flags)
    }

    // MARK: Pieces

    static func zigzag(_ v: Int64) -> UInt64 { UInt64(bitPattern: (v << 1) ^ (v >> 63)) }
    static func unzigzag(_ v: UInt64) -> Int64 { Int64(bitPattern: v >> 1) ^ -Int64(bitPattern: v & 1) }

    static func appendVarint(_ value: UInt64, to out: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            out.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }

    static func appendU16(_ v: UInt16, to out: inout [UInt8]) {
        out.append(UInt8(v & 0xFF))
        out.append(UInt8(v >> 8))
    }

    static func appendBytes(_ b: [UInt8], to out: inout [UInt8]) {
        appendVarint(UInt64(b.count), to: &out)
        out += b
    }

    static func appendOptions(_ o: LayoutOptions, to out: inout [UInt8]) {
        appendVarint(UInt64(o.width), to: &out)
        appendVarint(UInt64(o.firstLineIndent), to: &out)
        appendVarint(UInt64(o.tabWidth), to: &out)
        let style: UInt8 = o.lineBreakStyle == .strict ? 0 : o.lineBreakStyle == .normal ? 1 : 2
        out.append(style | (o.paragraphSpacing ? 4 : 0) | (o.justify ? 8 : 0))
    }

    /// FNV-1a 64 over raw bytes (also used by the layout cache container).
    public static func checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h
    }

    /// FNV-1a 64.
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.withUnsafeBufferPointer { checksum($0) }
    }

    struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var position: Int
        var remaining: Int { bytes.count - position }

        mutating func byte() throws -> UInt8 {
            guard position < bytes.count else { throw DecodeError.malformed("truncated") }
            defer { position += 1 }
            return bytes[position]
        }

        mutating func u16() throws -> UInt16 {
            let lo = try byte(), hi = try byte()
            return UInt16(lo) | UInt16(hi) << 8
        }

        mutating func varint() throws -> UInt64 {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let b = try byte()
                guard shift < 64 else { throw DecodeError.malformed("varint too long") }
                result |= UInt64(b & 0x7F) << shift
                if b & 0x80 == 0 { return result }
                shift += 7
            }
        }

        mutating func byteStringEquals(_ expected: [UInt8]) throws -> Bool {
            let n = Int(clamping: try varint())
            guard n <= remaining else { throw DecodeError.malformed("string length") }
            defer { position += n }
            return n == expected.count && self.bytes[position..<(position + n)].elementsEqual(expected)
        }

        mutating func options() throws -> LayoutOptions {
            let width = Int(clamping: try varint()), indent = Int(clamping: try varint()), tab = Int(clamping: try varint())
            let bits = try byte()
            guard width >= 1, width <= 100_000, indent <= 1000, tab >= 1, tab <= 1000, bits & 3 <= 2 else {
                throw DecodeError.malformed("options")
            }
            let style: LineBreakStyle = bits & 3 == 0 ? .strict : bits & 3 == 1 ? .normal : .loose
            return LayoutOptions(width: width, firstLineIndent: indent, paragraphSpacing: bits & 4 != 0,
                                 lineBreakStyle: style, justify: bits & 8 != 0, tabWidth: tab)
        }
    }
}
