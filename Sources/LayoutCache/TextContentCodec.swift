import TextContent

/// Encodes a whole parsed book (`TextContent`) into a versioned, checksummed byte string and
/// back — the file format of `ContentCache` (documented in docs/CACHE.md, "Content cache").
///
/// ```
/// offset size  field
///  0      4    magic "RDTC"
///  4      2    format version (little-endian)
///  6      2    reserved, 0
///  8      8    checksum of bytes [16, end): `LayoutCache.textDigest`'s word-wise FNV-1a 64
/// 16      8    total size in bytes (detects truncation before anything is parsed)
/// 24      …    body, LEB128 varints ("v"), zigzag varints for signed values ("z"),
///              strings as v length + UTF-8 bytes:
///              key (string)
///              text: v length + the raw UTF-8 bytes
///              chapters: v count × (title, z level, z lower − previous upper, v length, source)
///              blocks:   v count × (kind u8, level u8, direction u8, z lower − previous upper, v length)
///              styles:   v count × (style u8, z lower − previous lower, v length, v target + 1 or 0)
///              toc:      v count × (title, z level, v target, source)
///              metadata: title, v count × author, language, format u8, encoding, direction u8, version
///              source map: v count × source; v count × (v content − previous content,
///                          v source index << 1 | linear, z source offset − previous source offset)
///              warnings: v count × string
/// ```
///
/// Decoding reads the text with one copy (none with `decode(reusing:)`) and builds no `String` except titles, sources,
/// metadata and warnings. It never traps on damaged input: a truncated, bit-flipped,
/// foreign-key or old-version blob throws, and so does one whose ranges leave the text or
/// whose text fails `TextContent.validate()`.
public enum TextContentCodec {
    /// Blob magic.
    public static let magic: [UInt8] = Array("RDTC".utf8)
    /// Format version; bump on any change of the layout above.
    public static let formatVersion: UInt16 = 1
    /// Size of the fixed header (magic, version, reserved, checksum, size).
    static let fixedHeaderSize = 24

    /// Why a blob was rejected.
    public enum DecodeError: Error, Equatable {
        case tooShort, badMagic, wrongVersion(UInt16), sizeMismatch, checksumMismatch, keyMismatch
        /// The body does not parse, or a value is out of range.
        case malformed(String)
        /// The decoded content breaks `TextContent`'s invariants (`validate()`'s problems).
        case invalidContent([String])
    }

    // MARK: Encoding

    /// Encodes `content`; `key` names what it is the parse of (book hash and parser
    /// version) and is checked by `decode`.
    public static func encode(_ content: TextContent, key: String) -> [UInt8] {
        var w = Writer()
        w.out.reserveCapacity(fixedHeaderSize + content.bytes.count + 16 * content.blocks.count
                              + 12 * content.styles.count + 8 * content.sourceMap.count + 4096)
        w.out += magic
        w.u16(formatVersion)
        w.u16(0)
        w.out += [UInt8](repeating: 0, count: 16)  // checksum and size, filled in below
        w.string(key)
        w.varint(content.bytes.count)
        w.out += content.bytes

        w.varint(content.chapters.count)
        var previousUpper = 0
        for c in content.chapters {
            w.string(c.title)
            w.zigzag(c.level)
            w.zigzag(c.range.lowerBound.rawValue - previousUpper)
            w.varint(c.range.count)
            w.string(c.source)
            previousUpper = c.range.upperBound.rawValue
        }

        w.varint(content.blocks.count)
        previousUpper = 0
        for b in content.blocks {
            w.out.append(b.kind.rawValue)
            w.out.append(b.level)
            w.out.append(directionCode(b.direction))
            w.zigzag(b.range.lowerBound.rawValue - previousUpper)
            w.varint(b.range.count)
            previousUpper = b.range.upperBound.rawValue
        }

        w.varint(content.styles.count)
        var previousLower = 0
        for s in content.styles {
            w.out.append(s.style.rawValue)
            w.zigzag(s.range.lowerBound.rawValue - previousLower)
            w.varint(s.range.count)
            w.varint(s.target.map { $0.rawValue + 1 } ?? 0)
            previousLower = s.range.lowerBound.rawValue
        }

        w.varint(content.toc.count)
        for e in content.toc {
            w.string(e.title)
            w.zigzag(e.level)
            w.varint(e.target.rawValue)
            w.string(e.source)
        }

        let m = content.metadata
        w.string(m.title)
        w.varint(m.authors.count)
        for a in m.authors { w.string(a) }
        w.string(m.language)
        w.out.append(m.format == .epub ? 0 : 1)
        w.string(m.encoding)
        w.out.append(directionCode(m.direction))
        w.string(m.version)

        let map = content.sourceMap
        w.varint(map.sources.count)
        for s in map.sources { w.string(s) }
        let anchors = map.rawAnchors
        w.varint(anchors.contentOffsets.count)
        var previousContent = 0, previousSource = 0
        for i in 0..<anchors.contentOffsets.count {
            w.varint(anchors.contentOffsets[i] - previousContent)
            w.varint(Int(anchors.sourceIndices[i]) << 1 | (anchors.linear[i] ? 1 : 0))
            w.zigzag(anchors.sourceOffsets[i] &- previousSource)
            previousContent = anchors.contentOffsets[i]
            previousSource = anchors.sourceOffsets[i]
        }

        w.varint(content.warnings.count)
        for s in content.warnings { w.string(s) }

        var out = w.out
        out.withUnsafeMutableBytes { raw in
            CacheFileFormat.put64(UInt64(raw.count), raw, 16)
            let sum = LayoutCache.wordDigest(UnsafeRawBufferPointer(rebasing: raw[16...]))
            CacheFileFormat.put64(sum, raw, 8)
        }
        return out
    }

    // MARK: Decoding

    /// Decodes a blob written by `encode`, checking magic, version, size, checksum and key,
    /// then every range against the text and the text with `TextContent.validate()`.
    public static func decode(_ blob: UnsafeRawBufferPointer, expectedKey: String) throws -> TextContent {
        let parts = try decodeParts(blob, expectedKey: expectedKey)
        return try parts.assemble([UInt8](UnsafeRawBufferPointer(rebasing: blob[parts.text])))
    }

    /// Decodes like `decode(_:expectedKey:)`, reusing `blob`'s own storage for the text:
    /// the text is moved to the front and the rest dropped, so a 3 MB book needs no second
    /// allocation (and its page faults) on the way to the first frame. `blob` is left
    /// holding the text; after a throw its contents are unspecified (discard it).
    public static func decode(reusing blob: inout [UInt8], expectedKey: String) throws -> TextContent {
        let parts = try blob.withUnsafeBytes { try decodeParts($0, expectedKey: expectedKey) }
        blob.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress, parts.text.lowerBound > 0 else { return }
            (base).copyMemory(from: base + parts.text.lowerBound, byteCount: parts.text.count)
        }
        blob.removeLast(blob.count - parts.text.count)
        return try parts.assemble(blob)
    }

    /// Everything of a decoded blob but the text, which is `text` (a byte range of the blob).
    struct Parts {
        var text: Range<Int>
        var chapters: [Chapter], blocks: [Block], styles: [StyleRun], toc: [TOCEntry]
        var metadata: BookMetadata
        var sourceMap: SourceMap
        var warnings: [String]

        /// The content with `bytes` as its text, checked with `TextContent.validate()`.
        func assemble(_ bytes: [UInt8]) throws -> TextContent {
            let content = TextContent(bytes: bytes, chapters: chapters, blocks: blocks, styles: styles, toc: toc,
                                      metadata: metadata, sourceMap: sourceMap, warnings: warnings)
            let problems = content.validate()
            guard problems.isEmpty else { throw DecodeError.invalidContent(problems) }
            return content
        }
    }

    private static func decodeParts(_ blob: UnsafeRawBufferPointer, expectedKey: String) throws -> Parts {
        guard blob.count >= fixedHeaderSize else { throw DecodeError.tooShort }
        guard blob[0] == magic[0], blob[1] == magic[1], blob[2] == magic[2], blob[3] == magic[3] else {
            throw DecodeError.badMagic
        }
        let version = CacheFileFormat.get16(blob, 4)
        guard version == formatVersion else { throw DecodeError.wrongVersion(version) }
        guard CacheFileFormat.get16(blob, 6) == 0 else { throw DecodeError.malformed("reserved field") }
        guard CacheFileFormat.get64(blob, 16) == UInt64(blob.count) else { throw DecodeError.sizeMismatch }
        guard CacheFileFormat.get64(blob, 8) == LayoutCache.wordDigest(UnsafeRawBufferPointer(rebasing: blob[16...])) else {
            throw DecodeError.checksumMismatch
        }
        var r = Reader(bytes: blob.bindMemory(to: UInt8.self), position: fixedHeaderSize)
        guard try r.bytesEqual(Array(expectedKey.utf8)) else { throw DecodeError.keyMismatch }

        let textCount = try r.count(elementSize: 1)
        let text = r.position..<(r.position + textCount)
        r.position += textCount

        let chapterCount = try r.count(elementSize: 5)
        var chapters: [Chapter] = []
        chapters.reserveCapacity(chapterCount)
        var previousUpper = 0
        for _ in 0..<chapterCount {
            let title = try r.string()
            let level = try r.level()
            let range = try r.range(after: previousUpper, textCount: textCount)
            chapters.append(Chapter(title: title, level: level, range: range, source: try r.string()))
            previousUpper = range.upperBound.rawValue
        }

        let blockCount = try r.count(elementSize: 5)
        var blocks: [Block] = []
        blocks.reserveCapacity(blockCount)
        previousUpper = 0
        for _ in 0..<blockCount {
            guard let kind = BlockKind(rawValue: try r.byte()) else { throw DecodeError.malformed("block kind") }
            let level = try r.byte()
            let direction = try r.direction()
            let range = try r.range(after: previousUpper, textCount: textCount)
            blocks.append(Block(kind: kind, level: level, direction: direction, range: range))
            previousUpper = range.upperBound.rawValue
        }

        let styleCount = try r.count(elementSize: 4)
        var styles: [StyleRun] = []
        styles.reserveCapacity(styleCount)
        var previousLower = 0
        for _ in 0..<styleCount {
            guard let style = InlineStyle(rawValue: try r.byte()) else { throw DecodeError.malformed("style") }
            let range = try r.range(after: previousLower, textCount: textCount)
            let t = try r.varint()
            var target: ByteOffset?
            if t != 0 {
                guard t - 1 <= UInt64(textCount) else { throw DecodeError.malformed("style target") }
                target = ByteOffset(Int(t - 1))
            }
            styles.append(StyleRun(style: style, range: range, target: target))
            previousLower = range.lowerBound.rawValue
        }

        let tocCount = try r.count(elementSize: 4)
        var toc: [TOCEntry] = []
        toc.reserveCapacity(tocCount)
        for _ in 0..<tocCount {
            let title = try r.string()
            let level = try r.level()
            let target = try r.varint()
            guard target <= UInt64(textCount) else { throw DecodeError.malformed("toc target") }
            toc.append(TOCEntry(title: title, level: level, target: ByteOffset(Int(target)), source: try r.string()))
        }

        let title = try r.string()
        var authors: [String] = []
        for _ in 0..<(try r.count(elementSize: 1)) { authors.append(try r.string()) }
        let language = try r.string()
        let formatCode = try r.byte()
        guard formatCode <= 1 else { throw DecodeError.malformed("format") }
        let encoding = try r.string()
        let bookDirection = try r.direction()
        let metadata = BookMetadata(title: title, authors: authors, language: language, format: formatCode == 0 ? .epub : .txt,
                                    encoding: encoding, direction: bookDirection, version: try r.string())

        var sources: [String] = []
        for _ in 0..<(try r.count(elementSize: 1)) { sources.append(try r.string()) }
        let anchorCount = try r.count(elementSize: 3)
        var contentOffsets = [Int](), sourceIndices = [UInt32](), sourceOffsets = [Int](), linear = [Bool]()
        contentOffsets.reserveCapacity(anchorCount)
        sourceIndices.reserveCapacity(anchorCount)
        sourceOffsets.reserveCapacity(anchorCount)
        linear.reserveCapacity(anchorCount)
        var previousContent = 0, previousSource = 0
        for _ in 0..<anchorCount {
            let delta = try r.varint()
            guard delta <= UInt64(textCount - previousContent) else { throw DecodeError.malformed("source map offset") }
            previousContent += Int(delta)
            let packed = try r.varint()
            guard packed >> 1 < UInt64(sources.count) else { throw DecodeError.malformed("source index") }
            previousSource = previousSource &+ Int(truncatingIfNeeded: try r.zigzag())
            contentOffsets.append(previousContent)
            sourceIndices.append(UInt32(packed >> 1))
            sourceOffsets.append(previousSource)
            linear.append(packed & 1 != 0)
        }
        guard let sourceMap = SourceMap(sources: sources, contentOffsets: contentOffsets, sourceIndices: sourceIndices,
                                        sourceOffsets: sourceOffsets, linear: linear) else {
            throw DecodeError.malformed("source map")
        }

        var warnings: [String] = []
        for _ in 0..<(try r.count(elementSize: 1)) { warnings.append(try r.string()) }
        guard r.remaining == 0 else { throw DecodeError.malformed("trailing bytes") }

        return Parts(text: text, chapters: chapters, blocks: blocks, styles: styles, toc: toc,
                     metadata: metadata, sourceMap: sourceMap, warnings: warnings)
    }

    // MARK: Pieces

    static func directionCode(_ d: TextDirection) -> UInt8 {
        switch d {
        case .unspecified: return 0
        case .leftToRight: return 1
        case .rightToLeft: return 2
        }
    }

    struct Writer {
        var out: [UInt8] = []

        mutating func u16(_ v: UInt16) {
            out.append(UInt8(v & 0xFF))
            out.append(UInt8(v >> 8))
        }

        mutating func varint(_ value: UInt64) {
            var v = value
            while v >= 0x80 {
                out.append(UInt8(v & 0x7F) | 0x80)
                v >>= 7
            }
            out.append(UInt8(v))
        }

        /// A non-negative Int as a varint.
        mutating func varint(_ value: Int) { varint(UInt64(bitPattern: Int64(value))) }

        mutating func zigzag(_ value: Int) {
            let v = Int64(value)
            varint(UInt64(bitPattern: (v << 1) ^ (v >> 63)))
        }

        mutating func string(_ s: String) {
            var s = s
            s.withUTF8 { utf8 in
                varint(utf8.count)
                out.append(contentsOf: utf8)
            }
        }
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

        mutating func zigzag() throws -> Int64 {
            let v = try varint()
            return Int64(bitPattern: v >> 1) ^ -Int64(bitPattern: v & 1)
        }

        /// A count of elements of at least `elementSize` bytes each that must fit in what is left.
        mutating func count(elementSize: Int) throws -> Int {
            let n = try varint()
            guard n <= UInt64(remaining / elementSize) else { throw DecodeError.malformed("count") }
            return Int(n)
        }

        /// A chapter or TOC level (a small signed number).
        mutating func level() throws -> Int {
            let v = try zigzag()
            // Not `abs(v)`: it traps for Int64.min (found by fuzzing).
            guard v >= -1_000_000, v <= 1_000_000 else { throw DecodeError.malformed("level") }
            return Int(v)
        }

        mutating func direction() throws -> TextDirection {
            switch try byte() {
            case 0: return .unspecified
            case 1: return .leftToRight
            case 2: return .rightToLeft
            default: throw DecodeError.malformed("direction")
            }
        }

        /// A range stored as a zigzag delta of its lower bound from `base` and a length,
        /// checked to lie inside `0..<textCount`.
        mutating func range(after base: Int, textCount: Int) throws -> ByteRange {
            let delta = try zigzag()
            guard delta >= -Int64(base), delta <= Int64(textCount - base) else { throw DecodeError.malformed("range start") }
            let lower = base + Int(delta)
            let length = try varint()
            guard length <= UInt64(textCount - lower) else { throw DecodeError.malformed("range length") }
            return ByteRange(lower, lower + Int(length))
        }

        mutating func string() throws -> String {
            let n = try count(elementSize: 1)
            defer { position += n }
            guard let s = String(validating: bytes[position..<(position + n)], as: UTF8.self) else {
                throw DecodeError.malformed("string not UTF-8")
            }
            return s
        }

        mutating func bytesEqual(_ expected: [UInt8]) throws -> Bool {
            let n = try count(elementSize: 1)
            defer { position += n }
            return n == expected.count && bytes[position..<(position + n)].elementsEqual(expected)
        }
    }
}
