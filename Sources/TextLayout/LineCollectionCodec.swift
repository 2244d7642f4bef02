import Support
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
    public typealias DecodeError = CacheBlobError

    /// Encodes `lines`; `key` identifies what they are a layout of (book hash, options,
    /// engine and Unicode version) and is checked on decoding.
    public static func encode(_ lines: LineCollection, key: String) -> [UInt8] {
        var w = ByteWriter(capacity: 64 + key.utf8.count + lines.count * 4)
        encode(lines, key: key, into: &w)
        return w.bytes
    }

    /// Appends the blob of `lines` to `w` (lets a container write many blobs into one buffer).
    public static func encode(_ lines: LineCollection, key: String, into w: inout ByteWriter) {
        let base = CacheBlob.begin(&w, magic: magic, version: formatVersion, key: key)
        lines.options.encode(into: &w)
        w.appendVarint(lines.range.lowerBound.rawValue)
        w.appendVarint(lines.range.upperBound.rawValue)
        w.appendVarint(lines.count)
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
        w.appendVarint(dictionary.count)
        for m in dictionary { w.appendVarint(UInt64(m)) }
        let width = Int64(lines.options.width)
        var previousEnd = Int64(lines.range.lowerBound.rawValue)
        var lastMeta: UInt32 = .max
        var lastIndex: UInt64 = 0
        for i in 0..<n {
            let start = Int64(c.starts[i]), length = Int64(c.lengths[i]), cells = Int64(c.widths[i])
            let gap = start - previousEnd
            let gapCode: UInt64 = gap == 0 ? 0 : gap == 1 ? 1 : 2
            if metas[i] != lastMeta { lastMeta = metas[i]; lastIndex = index[lastMeta]! }
            w.appendVarint(lastIndex << 2 | gapCode)
            if gapCode == 2 { w.appendZigzag(gap) }
            // Both are almost always ≥ 0; 0 escapes to an explicit value (tabs, overwide lines).
            if length >= cells { w.appendVarint(UInt64(length - cells + 1)) } else { w.append(0); w.appendVarint(UInt64(length)) }
            if cells <= width { w.appendVarint(UInt64(width - cells + 1)) } else { w.append(0); w.appendVarint(UInt64(cells)) }
            previousEnd = start + length
        }
        CacheBlob.end(&w, from: base)
    }

    /// Decodes a blob written by `encode`, checking magic, version, checksum and key.
    /// Never traps on damaged input: every malformed blob throws.
    public static func decode(_ blob: UnsafeRawBufferPointer, expectedKey: String) throws -> LineCollection {
        var reader = try CacheBlob.open(blob, magic: magic, version: formatVersion, key: expectedKey)
        do {
            guard let options = try LayoutOptions.decode(from: &reader) else { throw DecodeError.malformed("options") }
            let lower = try reader.varint(), upper = try reader.varint()
            guard lower <= upper, upper <= UInt64(UInt32.max) else { throw DecodeError.malformed("range") }
            let count = Int(clamping: try reader.varint())
            guard count <= reader.remaining / 3 else { throw DecodeError.malformed("line count") }
            let dictionary = try decodeDictionary(&reader, lineCount: count)
            let lines = try decodeLines(&reader, count: count, dictionary: dictionary, options: options,
                                        range: ByteRange(Int(lower), Int(upper)))
            guard reader.isAtEnd else { throw DecodeError.malformed("trailing bytes") }
            return lines
        } catch let error as ByteReader.Error {
            throw DecodeError.malformed(error.description)
        }
    }

    /// The meta dictionary: a varint size, then each meta value (flags | kind << 16 | indent << 20).
    private static func decodeDictionary(_ reader: inout ByteReader, lineCount: Int) throws -> [UInt32] {
        let dictionaryCount = Int(clamping: try reader.varint())
        guard dictionaryCount <= reader.remaining, dictionaryCount <= max(lineCount, 1) else {
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
        return dictionary
    }

    /// `count` lines, row by row (see the type's description), each checked to lie in `range`.
    private static func decodeLines(_ reader: inout ByteReader, count: Int, dictionary: [UInt32], options: LayoutOptions,
                                    range: ByteRange) throws -> LineCollection {
        var starts = [UInt32](repeating: 0, count: count)
        var lengths = [UInt32](repeating: 0, count: count)
        var widths = [UInt16](repeating: 0, count: count)
        var indents = [UInt8](repeating: 0, count: count)
        var kinds = [UInt8](repeating: 0, count: count)
        var flags = [UInt16](repeating: 0, count: count)
        let columnWidth = Int64(options.width)
        let lo = Int64(range.lowerBound.rawValue), hi = Int64(range.upperBound.rawValue)
        var previousEnd = lo
        for i in 0..<count {
            let head = try reader.varint()
            let metaIndex = head >> 2
            guard metaIndex < UInt64(dictionary.count) else { throw DecodeError.malformed("meta index") }
            let start: Int64
            switch head & 3 {
            case 0: start = previousEnd
            case 1: start = previousEnd + 1
            case 2: start = previousEnd &+ (try reader.zigzag())
            default: throw DecodeError.malformed("gap code")
            }
            let extraCode = try reader.varint()
            let explicitLength = extraCode == 0 ? try reader.varint() : 0
            let freeCode = try reader.varint()
            let cells: Int64
            if freeCode == 0 {
                let v = try reader.varint()
                guard v <= UInt64(UInt16.max) else { throw DecodeError.malformed("width") }
                cells = Int64(v)
            } else {
                guard freeCode - 1 <= UInt64(columnWidth) else { throw DecodeError.malformed("width") }
                cells = columnWidth - Int64(freeCode - 1)
            }
            guard cells <= Int64(UInt16.max), explicitLength <= UInt64(UInt32.max), extraCode <= UInt64(UInt32.max) else {
                throw DecodeError.malformed("width")
            }
            let length = extraCode == 0 ? Int64(explicitLength) : Int64(extraCode - 1) + cells
            guard length >= 0, start >= lo, start <= hi, length <= hi - start else {
                throw DecodeError.malformed("line outside range")
            }
            let meta = dictionary[Int(metaIndex)]
            starts[i] = UInt32(start)
            lengths[i] = UInt32(length)
            widths[i] = UInt16(cells)
            flags[i] = UInt16(meta & 0xFFFF)
            kinds[i] = UInt8((meta >> 16) & 0xF)
            indents[i] = UInt8((meta >> 20) & 0xFF)
            previousEnd = start + length
        }
        return LineCollection(options: options, range: range, starts: starts, lengths: lengths,
                              widths: widths, indents: indents, kinds: kinds, flags: flags)
    }
}
