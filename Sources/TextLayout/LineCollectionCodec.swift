import TextContent

/// Encodes a `LineCollection` into a compact, versioned, checksummed byte string and back
/// — the format of the on-disk layout cache (documented in docs/CACHE.md).
///
/// Lines are stored column by column as LEB128 varints: the gap between a line's start and
/// the previous line's end (almost always 0), the byte length, the width in cells, and one
/// "meta" value packing kind, flags and indent. A typical line takes 4 bytes.
public enum LineCollectionCodec {
    /// File magic.
    public static let magic: [UInt8] = Array("RDLC".utf8)
    /// Format version; bump on any change of the layout below.
    public static let formatVersion: UInt16 = 1

    /// Why a blob was rejected.
    public enum DecodeError: Error, Equatable {
        case tooShort, badMagic, wrongVersion(UInt16), checksumMismatch, keyMismatch, malformed(String)
    }

    /// Encodes `lines`; `key` identifies what they are a layout of (book hash, options,
    /// engine and Unicode version) and is checked on decoding.
    public static func encode(_ lines: LineCollection, key: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 + lines.count * 5)
        out += magic
        appendU16(formatVersion, to: &out)
        appendBytes(Array(key.utf8), to: &out)
        appendOptions(lines.options, to: &out)
        appendVarint(UInt64(lines.range.lowerBound.rawValue), to: &out)
        appendVarint(UInt64(lines.range.upperBound.rawValue), to: &out)
        appendVarint(UInt64(lines.count), to: &out)
        let c = lines.rawColumns
        var previousEnd = UInt64(lines.range.lowerBound.rawValue)
        for i in 0..<lines.count {
            let start = UInt64(c.starts[i])
            // Blank lines start at a separator inside the previous line's end gap; allow going back.
            appendVarint(zigzag(Int64(bitPattern: start &- previousEnd)), to: &out)
            previousEnd = start + UInt64(c.lengths[i])
        }
        for i in 0..<lines.count { appendVarint(UInt64(c.lengths[i]), to: &out) }
        for i in 0..<lines.count { appendVarint(UInt64(c.widths[i]), to: &out) }
        for i in 0..<lines.count {
            // Flags first: an ordinary paragraph line (kind 0, indent 0, few flags) is one byte.
            let meta = UInt64(c.flags[i]) | UInt64(c.kinds[i]) << 16 | UInt64(c.indents[i]) << 20
            appendVarint(meta, to: &out)
        }
        let sum = checksum(out[...])
        for k in 0..<8 { out.append(UInt8(truncatingIfNeeded: sum >> (8 * UInt64(k)))) }
        return out
    }

    /// Decodes a blob written by `encode`, checking magic, version, checksum and key.
    public static func decode(_ blob: UnsafeRawBufferPointer, expectedKey: String) throws -> LineCollection {
        let bytes = blob.bindMemory(to: UInt8.self)
        guard bytes.count >= magic.count + 2 + 8 else { throw DecodeError.tooShort }
        guard Array(bytes[0..<4]) == magic else { throw DecodeError.badMagic }
        var reader = Reader(bytes: UnsafeBufferPointer(rebasing: bytes[0..<(bytes.count - 8)]), position: 4)
        let version = try reader.u16()
        guard version == formatVersion else { throw DecodeError.wrongVersion(version) }
        var stored: UInt64 = 0
        for k in 0..<8 { stored |= UInt64(bytes[bytes.count - 8 + k]) << (8 * UInt64(k)) }
        guard stored == checksum(bytes[0..<(bytes.count - 8)]) else { throw DecodeError.checksumMismatch }
        let key = String(decoding: try reader.byteString(), as: UTF8.self)
        guard key == expectedKey else { throw DecodeError.keyMismatch }
        let options = try reader.options()
        let lower = Int(try reader.varint()), upper = Int(try reader.varint())
        guard lower <= upper, upper <= Int(UInt32.max) else { throw DecodeError.malformed("range") }
        let count = Int(try reader.varint())
        guard count <= reader.remaining else { throw DecodeError.malformed("line count") }
        var starts = [UInt32](repeating: 0, count: count)
        var lengths = [UInt32](repeating: 0, count: count)
        var widths = [UInt16](repeating: 0, count: count)
        var indents = [UInt8](repeating: 0, count: count)
        var kinds = [UInt8](repeating: 0, count: count)
        var flags = [UInt16](repeating: 0, count: count)
        var gaps = [Int64](repeating: 0, count: count)
        for i in 0..<count { gaps[i] = unzigzag(try reader.varint()) }
        for i in 0..<count {
            let v = try reader.varint()
            guard v <= UInt64(UInt32.max) else { throw DecodeError.malformed("length") }
            lengths[i] = UInt32(v)
        }
        var previousEnd = Int64(lower)
        for i in 0..<count {
            let start = previousEnd + gaps[i]
            guard start >= Int64(lower), start + Int64(lengths[i]) <= Int64(upper) else { throw DecodeError.malformed("line outside range") }
            starts[i] = UInt32(start)
            previousEnd = start + Int64(lengths[i])
        }
        for i in 0..<count {
            let v = try reader.varint()
            guard v <= UInt64(UInt16.max) else { throw DecodeError.malformed("width") }
            widths[i] = UInt16(v)
        }
        for i in 0..<count {
            let meta = try reader.varint()
            guard meta >> 28 == 0, BlockKind(rawValue: UInt8((meta >> 16) & 0xF)) != nil else { throw DecodeError.malformed("meta") }
            flags[i] = UInt16(meta & 0xFFFF)
            kinds[i] = UInt8((meta >> 16) & 0xF)
            indents[i] = UInt8((meta >> 20) & 0xFF)
        }
        guard reader.remaining == 0 else { throw DecodeError.malformed("trailing bytes") }
        return LineCollection(options: options, range: ByteRange(lower, upper), starts: starts, lengths: lengths,
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

    /// FNV-1a 64.
    static func checksum(_ bytes: some Collection<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h
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

        mutating func byteString() throws -> [UInt8] {
            let n = Int(try varint())
            guard n <= remaining else { throw DecodeError.malformed("string length") }
            defer { position += n }
            return Array(self.bytes[position..<(position + n)])
        }

        mutating func options() throws -> LayoutOptions {
            let width = Int(try varint()), indent = Int(try varint()), tab = Int(try varint())
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
