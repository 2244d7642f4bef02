import Support
import TextContent

/// Encodes a whole parsed book (`TextContent`) into a versioned, checksummed byte string and
/// back — the file format of `ContentCache` (documented in docs/CACHE.md, "Content cache").
///
/// ```
/// offset size  field
///  0      4    magic "RDTC"
///  4      2    format version (little-endian)
///  6      2    reserved, 0
///  8      8    checksum of bytes [16, end): `Digest.words` (word-wise FNV-1a 64, as `LayoutCache.textDigest`)
/// 16      8    total size in bytes (detects truncation before anything is parsed)
/// 24      …    body, LEB128 varints ("v"), zigzag varints for signed values ("z"),
///              strings as v length + UTF-8 bytes:
///              key (string)
///              text: v length + the raw UTF-8 bytes
///              chapters: v count × (title, z level, z lower − previous upper, v length, source,
///                        writing mode u8: 0 as the book, 1 horizontal, 2 vertical)
///              blocks:   v count × (kind u8, level u8, direction u8, flags u8 (1 verse, 2 marker, 4 placement),
///                        [marker: style u8, indent u8, z ordinal], [placement: first indent u8, rest
///                        indent u8, end gap + 1 or 0 u8, starts page u8], z lower − previous upper, v length)
///              styles:   v count × (style u8, z lower − previous lower, v length, v target + 1 or 0,
///                        v url length + 1 or 0, url bytes)
///              toc:      v count × (title, z level, v target, source)
///              notes:    v count × (z lower − previous lower, v length)
///              languages: v count × (z lower − previous upper, v length, tag (string))
///              ruby text: v length + UTF-8 bytes
///              rubies:   v count × (z lower − previous upper, v length, z reading lower − previous
///                        reading upper, v reading length)
///              emphasis marks: v count × (mark u8, z lower − previous upper, v length)
///              metadata: title, v count × author, language, format u8, encoding, direction u8, version,
///                        cover (string, "" for none), fixed layout u8
///              source map: v count × source; v count × (v content − previous content,
///                          v source index << 1 | linear, z source offset − previous source offset)
///              warnings: v count × string
/// ```
///
/// Decoding reads the text with one copy (none with `decode(reusing:)`) and builds no `String` except titles, sources,
/// metadata and warnings. It never traps on damaged input: a truncated, bit-flipped,
/// foreign-key or old-version blob throws, and so does one whose ranges leave the text or
/// whose text fails `TextContent.validate()` (which also checks that URLs are printable ASCII
/// and notes sorted, one a start).
public enum TextContentCodec {
    /// Blob magic.
    public static let magic: [UInt8] = Array("RDTC".utf8)
    /// Format version; bump on any change of the layout above.
    public static let formatVersion: UInt16 = 9   // 9: chapters' writing modes; 8: vertical writing (a layout flag); 7: cover, fixed layout; 6: images; 5: ruby, emphasis marks, block placement
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
        let pieces = encodePieces(content, key: key)
        return pieces.head + content.bytes + pieces.rest
    }

    /// `encode`'s bytes in three pieces, so that a writer need not copy the book's text
    /// into a second buffer (3 MB more at the peak for War and Peace): `head` (preamble
    /// with the checksum, size, key, text length), then `content.bytes` itself, then `rest`
    /// (structure, metadata, source map, warnings). Joined, they are `encode`'s bytes.
    public static func encodePieces(_ content: TextContent, key: String) -> (head: [UInt8], rest: [UInt8]) {
        var head = ByteWriter(capacity: fixedHeaderSize + key.utf8.count + 16)
        CachePreamble.append(magic: magic, version: formatVersion, to: &head)  // checksum filled in below
        head.appendZeros(8)  // size, filled in below
        head.appendString(key)
        head.appendVarint(content.bytes.count)
        var w = ByteWriter(capacity: 16 * content.blocks.count + 12 * content.styles.count + 8 * content.sourceMap.count + 4096)
        encodeStructure(content, into: &w)
        encodeMetadata(content.metadata, into: &w)
        encodeSourceMap(content.sourceMap, into: &w)
        w.appendVarint(content.warnings.count)
        for s in content.warnings { w.appendString(s) }

        head.setLittleEndian(UInt64(head.count + content.bytes.count + w.count), at: 16)
        var sum = WordsDigest()
        head.bytes.withUnsafeBytes { sum.combine(UnsafeRawBufferPointer(rebasing: $0[16...])) }
        content.bytes.withUnsafeBytes { sum.combine($0) }
        w.bytes.withUnsafeBytes { sum.combine($0) }
        head.setLittleEndian(sum.value, at: 8)
        return (head.bytes, w.bytes)
    }

    /// Chapters, blocks, styles and TOC entries.
    private static func encodeStructure(_ content: TextContent, into w: inout ByteWriter) {
        w.appendVarint(content.chapters.count)
        var previousUpper = 0
        for c in content.chapters {
            w.appendString(c.title)
            w.appendZigzag(c.level)
            w.appendZigzag(c.range.lowerBound.rawValue - previousUpper)
            w.appendVarint(c.range.count)
            w.appendString(c.source)
            w.append(c.verticalWriting.map { $0 ? 2 : 1 } ?? 0)
            previousUpper = c.range.upperBound.rawValue
        }

        w.appendVarint(content.blocks.count)
        previousUpper = 0
        for b in content.blocks {
            w.append(b.kind.rawValue)
            w.append(b.level)
            w.append(directionCode(b.direction))
            w.append((b.isVerse ? 1 : 0) | (b.marker != nil ? 2 : 0) | (b.placement.isDefault ? 0 : 4))
            if let marker = b.marker {
                w.append(marker.style.rawValue)
                w.append(marker.indent)
                w.appendZigzag(Int(marker.ordinal))
            }
            if !b.placement.isDefault {
                w.append(b.placement.firstIndent)
                w.append(b.placement.restIndent)
                w.append(b.placement.endGap.map { UInt8(min(254, Int($0))) + 1 } ?? 0)
                w.append(b.placement.startsPage ? 1 : 0)
            }
            w.appendZigzag(b.range.lowerBound.rawValue - previousUpper)
            w.appendVarint(b.range.count)
            previousUpper = b.range.upperBound.rawValue
        }

        w.appendVarint(content.styles.count)
        var previousLower = 0
        for s in content.styles {
            w.append(s.style.rawValue)
            w.appendZigzag(s.range.lowerBound.rawValue - previousLower)
            w.appendVarint(s.range.count)
            w.appendVarint(s.target.map { $0.rawValue + 1 } ?? 0)
            if let url = s.url {
                w.appendVarint(url.utf8.count + 1)
                w.append(contentsOf: Array(url.utf8))
            } else {
                w.appendVarint(0)
            }
            previousLower = s.range.lowerBound.rawValue
        }

        w.appendVarint(content.toc.count)
        for e in content.toc {
            w.appendString(e.title)
            w.appendZigzag(e.level)
            w.appendVarint(e.target.rawValue)
            w.appendString(e.source)
        }

        w.appendVarint(content.notes.count)
        previousLower = 0
        for n in content.notes {
            w.appendZigzag(n.lowerBound.rawValue - previousLower)
            w.appendVarint(n.count)
            previousLower = n.lowerBound.rawValue
        }
        encodeLanguages(content.languages, into: &w)
        encodeAnnotations(content, into: &w)
    }

    private static func encodeAnnotations(_ content: TextContent, into w: inout ByteWriter) {
        w.appendVarint(content.rubyText.count)
        w.append(contentsOf: content.rubyText)
        w.appendVarint(content.rubies.count)
        var previousUpper = 0, previousReading = 0
        for r in content.rubies {
            w.appendZigzag(r.base.lowerBound.rawValue - previousUpper)
            w.appendVarint(r.base.count)
            w.appendZigzag(r.reading.lowerBound - previousReading)
            w.appendVarint(r.reading.count)
            previousUpper = r.base.upperBound.rawValue
            previousReading = r.reading.upperBound
        }
        w.appendVarint(content.emphasisMarks.count)
        previousUpper = 0
        for e in content.emphasisMarks {
            w.append(e.mark.rawValue)
            w.appendZigzag(e.range.lowerBound.rawValue - previousUpper)
            w.appendVarint(e.range.count)
            previousUpper = e.range.upperBound.rawValue
        }
        w.appendVarint(content.images.count)
        var previousImage = 0
        for i in content.images {
            w.appendVarint(i.offset.rawValue - previousImage)
            w.appendString(i.source)
            previousImage = i.offset.rawValue
        }
    }

    private static func encodeLanguages(_ languages: [LanguageSpan], into w: inout ByteWriter) {
        w.appendVarint(languages.count)
        var previousUpper = 0
        for l in languages {
            w.appendZigzag(l.range.lowerBound.rawValue - previousUpper)
            w.appendVarint(l.range.count)
            w.appendString(l.tag)
            previousUpper = l.range.upperBound.rawValue
        }
    }

    private static func encodeMetadata(_ m: BookMetadata, into w: inout ByteWriter) {
        w.appendString(m.title)
        w.appendVarint(m.authors.count)
        for a in m.authors { w.appendString(a) }
        w.appendString(m.language)
        w.append(m.format.code)
        w.appendString(m.encoding)
        w.append(directionCode(m.direction))
        w.appendString(m.version)
        w.appendString(m.cover ?? "")
        w.append((m.fixedLayout ? 1 : 0) | (m.verticalWriting ? 2 : 0))   // layout flags
    }

    private static func encodeSourceMap(_ map: SourceMap, into w: inout ByteWriter) {
        w.appendVarint(map.sources.count)
        for s in map.sources { w.appendString(s) }
        let anchors = map.rawAnchors
        w.appendVarint(anchors.contentOffsets.count)
        var previousContent = 0, previousSource = 0
        for i in 0..<anchors.contentOffsets.count {
            w.appendVarint(anchors.contentOffsets[i] - previousContent)
            w.appendVarint(Int(anchors.sourceIndices[i]) << 1 | (anchors.linear[i] ? 1 : 0))
            w.appendZigzag(anchors.sourceOffsets[i] &- previousSource)
            previousContent = anchors.contentOffsets[i]
            previousSource = anchors.sourceOffsets[i]
        }
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
        var chapters: [Chapter] = [], blocks: [Block] = [], styles: [StyleRun] = [], toc: [TOCEntry] = []
        var notes: [ByteRange] = []
        var languages: [LanguageSpan] = []
        var rubies: [RubyAnnotation] = [], rubyText: [UInt8] = [], emphasisMarks: [EmphasisMarkRun] = []
        var images: [ImageReference] = []
        var metadata = BookMetadata(title: "", format: .epub)  // replaced by the decoded one
        var sourceMap = SourceMap()
        var warnings: [String] = []
        /// `Digest.words` of the text, computed with the file's checksum.
        var textDigest: UInt64?

        /// The content with `bytes` as its text, checked with `TextContent.validate()`.
        func assemble(_ bytes: [UInt8]) throws -> TextContent {
            var content = TextContent(bytes: bytes, chapters: chapters, blocks: blocks, styles: styles, toc: toc,
                                      metadata: metadata, sourceMap: sourceMap, warnings: warnings, notes: notes,
                                      languages: languages, rubies: rubies, rubyText: rubyText,
                                      emphasisMarks: emphasisMarks, images: images)
            let problems = content.validate()
            guard problems.isEmpty else { throw DecodeError.invalidContent(problems) }
            content.knownTextDigest = textDigest
            return content
        }
    }

    private static func decodeParts(_ blob: UnsafeRawBufferPointer, expectedKey: String) throws -> Parts {
        let checksum = try CachePreamble.check(blob, magic: magic, version: formatVersion, minimumSize: fixedHeaderSize,
                                               as: DecodeError.self)
        var r = ByteReader(blob, position: CachePreamble.size)
        do {
            guard try r.littleEndian(UInt64.self) == UInt64(blob.count) else { throw DecodeError.sizeMismatch }
            let checked = checksums(blob, after: r)
            guard checksum == checked.file else { throw DecodeError.checksumMismatch }
            guard try r.lengthPrefixedEquals(expectedKey.utf8) else { throw DecodeError.keyMismatch }
            var parts = Parts(text: try r.lengthPrefixed())
            guard parts.text == checked.text?.range else { throw DecodeError.malformed("text") }
            parts.textDigest = checked.text?.digest
            try decodeStructure(&r, into: &parts)
            parts.metadata = try decodeMetadata(&r)
            parts.sourceMap = try decodeSourceMap(&r, textCount: parts.text.count)
            for _ in 0..<(try r.count(elementSize: 1)) { parts.warnings.append(try r.string()) }
            guard r.isAtEnd else { throw DecodeError.malformed("trailing bytes") }
            return parts
        } catch let error as ByteReader.Error {
            throw DecodeError.malformed(error.description)
        }
    }

    /// The checksum of the file (`Digest.words` of everything after the preamble's checksum)
    /// and, in the same pass, the text's digest (`LayoutCache.textDigest`), reading where
    /// the text lies from `r` (placed after the size) before anything is trusted: if that
    /// cannot be read, the checksum alone — it fails, or the decode after it does.
    private static func checksums(_ blob: UnsafeRawBufferPointer, after r: ByteReader)
        -> (file: UInt64, text: (range: Range<Int>, digest: UInt64)?) {
        var ahead = r
        let checked = UnsafeRawBufferPointer(rebasing: blob[16...])
        guard (try? ahead.lengthPrefixed()) != nil, let text = try? ahead.lengthPrefixed() else {
            return (Digest.words(checked), nil)
        }
        let both = Digest.words(checked, andOf: (text.lowerBound - 16)..<(text.upperBound - 16))
        return (both.all, (text, both.part))
    }

    /// Chapters, blocks, styles and TOC entries, every range and target checked against the text.
    private static func decodeStructure(_ r: inout ByteReader, into parts: inout Parts) throws {
        let textCount = parts.text.count
        let chapterCount = try r.count(elementSize: 6)
        parts.chapters.reserveCapacity(chapterCount)
        var previousUpper = 0
        for _ in 0..<chapterCount {
            let title = try r.string()
            let level = try r.level()
            let range = try r.range(after: previousUpper, textCount: textCount)
            let source = try r.string()
            let mode = try r.byte()
            guard mode <= 2 else { throw DecodeError.malformed("chapter writing mode") }
            parts.chapters.append(Chapter(title: title, level: level, range: range, source: source,
                                          verticalWriting: mode == 0 ? nil : mode == 2))
            previousUpper = range.upperBound.rawValue
        }

        let blockCount = try r.count(elementSize: 5)
        parts.blocks.reserveCapacity(blockCount)
        previousUpper = 0
        for _ in 0..<blockCount {
            guard let kind = BlockKind(rawValue: try r.byte()) else { throw DecodeError.malformed("block kind") }
            let level = try r.byte()
            let direction = try r.direction()
            let flags = try r.byte()
            guard flags < 8 else { throw DecodeError.malformed("block flags") }
            var marker: ListMarker?
            if flags & 2 != 0 { marker = try r.listMarker() }
            var placement = BlockPlacement()
            if flags & 4 != 0 {
                placement.firstIndent = try r.byte()
                placement.restIndent = try r.byte()
                let gap = try r.byte()
                placement.endGap = gap == 0 ? nil : gap - 1
                placement.startsPage = try r.byte() != 0
            }
            let range = try r.range(after: previousUpper, textCount: textCount)
            parts.blocks.append(Block(kind: kind, level: level, direction: direction, isVerse: flags & 1 != 0,
                                      marker: marker, range: range, placement: placement))
            previousUpper = range.upperBound.rawValue
        }

        let styleCount = try r.count(elementSize: 4)
        parts.styles.reserveCapacity(styleCount)
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
            parts.styles.append(StyleRun(style: style, range: range, target: target, url: try r.url()))
            previousLower = range.lowerBound.rawValue
        }

        let tocCount = try r.count(elementSize: 4)
        parts.toc.reserveCapacity(tocCount)
        for _ in 0..<tocCount {
            let title = try r.string()
            let level = try r.level()
            let target = try r.varint()
            guard target <= UInt64(textCount) else { throw DecodeError.malformed("toc target") }
            parts.toc.append(TOCEntry(title: title, level: level, target: ByteOffset(Int(target)), source: try r.string()))
        }

        let noteCount = try r.count(elementSize: 2)
        parts.notes.reserveCapacity(noteCount)
        previousLower = 0
        for _ in 0..<noteCount {
            let range = try r.range(after: previousLower, textCount: textCount)
            parts.notes.append(range)
            previousLower = range.lowerBound.rawValue
        }
        parts.languages = try decodeLanguages(&r, textCount: textCount)
        try decodeAnnotations(&r, textCount: textCount, into: &parts)
    }

    /// Ruby text, annotations and emphasis marks: ranges inside the text and the ruby text
    /// (order, overlap and blocks are `validate()`'s).
    private static func decodeAnnotations(_ r: inout ByteReader, textCount: Int, into parts: inout Parts) throws {
        let rubyTextRange = try r.lengthPrefixed()
        parts.rubyText = Array(UnsafeRawBufferPointer(rebasing: r.bytes[rubyTextRange]))
        let rubyCount = try r.count(elementSize: 4)
        parts.rubies.reserveCapacity(rubyCount)
        var previousUpper = 0, previousReading = 0
        for _ in 0..<rubyCount {
            let base = try r.range(after: previousUpper, textCount: textCount)
            let reading = try r.range(after: previousReading, textCount: parts.rubyText.count)
            parts.rubies.append(RubyAnnotation(base: base, reading: reading.intRange))
            previousUpper = base.upperBound.rawValue
            previousReading = reading.upperBound.rawValue
        }
        let markCount = try r.count(elementSize: 3)
        parts.emphasisMarks.reserveCapacity(markCount)
        previousUpper = 0
        for _ in 0..<markCount {
            guard let mark = EmphasisMark(rawValue: try r.byte()) else { throw DecodeError.malformed("emphasis mark") }
            let range = try r.range(after: previousUpper, textCount: textCount)
            parts.emphasisMarks.append(EmphasisMarkRun(range: range, mark: mark))
            previousUpper = range.upperBound.rawValue
        }
        let imageCount = try r.count(elementSize: 2)
        parts.images.reserveCapacity(imageCount)
        var offset = 0
        for _ in 0..<imageCount {
            let delta = try r.varint()
            guard delta < UInt64(max(textCount, 1)), offset + Int(delta) < max(textCount, 1) else {
                throw DecodeError.malformed("image offset")
            }
            offset += Int(delta)
            parts.images.append(ImageReference(offset: ByteOffset(offset), source: try r.string()))
        }
    }

    /// Language spans: ranges inside the text (order and overlap are `validate()`'s), tags
    /// as the builder writes them (non-empty, sanitised).
    private static func decodeLanguages(_ r: inout ByteReader, textCount: Int) throws -> [LanguageSpan] {
        let count = try r.count(elementSize: 3)
        var languages: [LanguageSpan] = []
        languages.reserveCapacity(count)
        var previousUpper = 0
        for _ in 0..<count {
            let range = try r.range(after: previousUpper, textCount: textCount)
            let tag = try r.string()
            guard !tag.isEmpty, TextContentBuilder.sanitizedLanguageTag(tag) == tag else {
                throw DecodeError.malformed("language tag")
            }
            languages.append(LanguageSpan(range: range, tag: tag))
            previousUpper = range.upperBound.rawValue
        }
        return languages
    }

    private static func decodeMetadata(_ r: inout ByteReader) throws -> BookMetadata {
        let title = try r.string()
        var authors: [String] = []
        for _ in 0..<(try r.count(elementSize: 1)) { authors.append(try r.string()) }
        let language = try r.string()
        guard let format = BookFormat(code: try r.byte()) else { throw DecodeError.malformed("format") }
        let encoding = try r.string()
        let bookDirection = try r.direction()
        let version = try r.string()
        let cover = try r.string()
        let flags = try r.byte()
        guard flags < 4 else { throw DecodeError.malformed("layout flags") }
        return BookMetadata(title: title, authors: authors, language: language, format: format,
                            encoding: encoding, direction: bookDirection, version: version,
                            cover: cover.isEmpty ? nil : cover, fixedLayout: flags & 1 != 0, verticalWriting: flags & 2 != 0)
    }

    private static func decodeSourceMap(_ r: inout ByteReader, textCount: Int) throws -> SourceMap {
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
        return sourceMap
    }

    // MARK: Pieces

    static func directionCode(_ d: TextDirection) -> UInt8 {
        switch d {
        case .unspecified: return 0
        case .leftToRight: return 1
        case .rightToLeft: return 2
        }
    }
}

/// The values of `TextContentCodec`'s body that are more than a varint.
private extension ByteReader {
    /// A chapter or TOC level (a small signed number).
    mutating func level() throws -> Int {
        let v = try zigzag()
        // Not `abs(v)`: it traps for Int64.min (found by fuzzing).
        guard v >= -1_000_000, v <= 1_000_000 else { throw TextContentCodec.DecodeError.malformed("level") }
        return Int(v)
    }

    /// A list marker: style, indent, ordinal (an Int32).
    mutating func listMarker() throws -> ListMarker {
        guard let style = ListMarkerStyle(rawValue: try byte()) else {
            throw TextContentCodec.DecodeError.malformed("list marker style")
        }
        let indent = try byte()
        let ordinal = try zigzag()
        guard ordinal >= Int64(Int32.min), ordinal <= Int64(Int32.max) else {
            throw TextContentCodec.DecodeError.malformed("list ordinal")
        }
        return ListMarker(style: style, indent: indent, ordinal: Int32(ordinal))
    }

    /// A style's URL: v length + 1 (0: none), then printable ASCII bytes (0x21…0x7E).
    mutating func url() throws -> String? {
        let n = try varint()
        guard n != 0 else { return nil }
        guard n - 1 <= UInt64(remaining) else { throw TextContentCodec.DecodeError.malformed("url length") }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(n - 1))
        for _ in 0..<Int(n - 1) {
            let b = try byte()
            guard b >= 0x21 && b <= 0x7E else { throw TextContentCodec.DecodeError.malformed("url byte") }
            bytes.append(b)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    mutating func direction() throws -> TextDirection {
        switch try byte() {
        case 0: return .unspecified
        case 1: return .leftToRight
        case 2: return .rightToLeft
        default: throw TextContentCodec.DecodeError.malformed("direction")
        }
    }

    /// A range stored as a zigzag delta of its lower bound from `base` and a length,
    /// checked to lie inside `0..<textCount`.
    mutating func range(after base: Int, textCount: Int) throws -> ByteRange {
        let delta = try zigzag()
        guard delta >= -Int64(base), delta <= Int64(textCount - base) else {
            throw TextContentCodec.DecodeError.malformed("range start")
        }
        let lower = base + Int(delta)
        let length = try varint()
        guard length <= UInt64(textCount - lower) else { throw TextContentCodec.DecodeError.malformed("range length") }
        return ByteRange(lower, lower + Int(length))
    }
}
