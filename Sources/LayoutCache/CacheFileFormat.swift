import TextContent
import TextLayout

/// The byte layout of one cache file (format 1; see docs/CACHE.md):
///
/// ```
/// offset size  field
///  0      4    magic "RDLB"
///  4      2    format version (little-endian), 1
///  6      2    reserved, 0 (a file with another value is rejected)
///  8      8    FNV-1a 64 of bytes [16, headerSize)
/// 16      4    headerSize: fixed part + key + padding + chapter table
/// 20      4    chapter count C
/// 24      8    total line count
/// 32      8    text bytes (end of the last chapter)
/// 40      8    file size (detects truncation before any blob is touched)
/// 48      8    text digest: `LayoutCache.textDigest` of the book's TextContent (catches a parser
///              change that alters the text of an unchanged file)
/// 56      4    key length K
/// 60      K    key (`LayoutCacheKey.identity`, UTF-8), zero padding to a multiple of 8
///  …   16×C    chapter table: lower u32, upper u32, line count u32, blob length u32
///              (first lines and blob offsets are running sums, computed on open)
/// headerSize…  C blobs, each a `LineCollectionCodec` blob with its own checksum and the
///              key "<first 8 hex digits of the digest>#<chapter index>"
/// ```
///
/// All integers are little-endian. The header is checked as a whole on open; a chapter's
/// blob is checked and decoded only when that chapter is asked for.
enum CacheFileFormat {
    static let magic: [UInt8] = Array("RDLB".utf8)
    /// Bump on any change of the container or of `LineCollectionCodec.formatVersion`'s meaning.
    static let formatVersion: UInt16 = 1
    static let fixedHeaderSize = 60
    static let tableEntrySize = 16

    /// One row of the chapter table.
    struct ChapterEntry: Hashable, Sendable {
        var range: ByteRange
        var lineCount: Int
        var firstLine: Int
        var blobOffset: Int
        var blobLength: Int
    }

    /// The parsed header of a file.
    struct Header: Sendable {
        var chapters: [ChapterEntry]
        var totalLines: Int
        var textBytes: Int
        var textDigest: UInt64
    }

    enum ParseError: Error, Equatable {
        case tooShort, badMagic, wrongVersion(UInt16), checksumMismatch, sizeMismatch, keyMismatch, malformed(String)
    }

    /// The key of chapter `index`'s blob.
    static func blobKey(digest: String, chapter index: Int) -> String { "\(digest.prefix(8))#\(index)" }

    /// Builds the whole file in memory.
    static func encode(key: LayoutCacheKey, textDigest: UInt64, chapters: [LineCollection]) -> [UInt8] {
        let identity = Array(key.identity.utf8)
        let digest = key.digest
        let tableStart = (fixedHeaderSize + identity.count + 7) & ~7
        let headerSize = tableStart + tableEntrySize * chapters.count
        var out = [UInt8](repeating: 0, count: headerSize)
        out.reserveCapacity(headerSize + chapters.reduce(0) { $0 + 64 + $1.count * 4 })
        var entries: [ChapterEntry] = []
        entries.reserveCapacity(chapters.count)
        var firstLine = 0
        for (i, lines) in chapters.enumerated() {
            let offset = out.count
            LineCollectionCodec.encode(lines, key: blobKey(digest: digest, chapter: i), into: &out)
            entries.append(ChapterEntry(range: lines.range, lineCount: lines.count, firstLine: firstLine,
                                        blobOffset: offset, blobLength: out.count - offset))
            firstLine += lines.count
        }
        out.withUnsafeMutableBytes { raw in
            for k in 0..<4 { raw[k] = magic[k] }
            put16(formatVersion, raw, 4)
            put32(UInt32(headerSize), raw, 16)
            put32(UInt32(chapters.count), raw, 20)
            put64(UInt64(firstLine), raw, 24)
            put64(UInt64(chapters.last?.range.upperBound.rawValue ?? 0), raw, 32)
            put64(UInt64(raw.count), raw, 40)
            put64(textDigest, raw, 48)
            put32(UInt32(identity.count), raw, 56)
            for (k, b) in identity.enumerated() { raw[fixedHeaderSize + k] = b }
            for (i, e) in entries.enumerated() {
                let p = tableStart + i * tableEntrySize
                put32(UInt32(e.range.lowerBound.rawValue), raw, p)
                put32(UInt32(e.range.upperBound.rawValue), raw, p + 4)
                put32(UInt32(e.lineCount), raw, p + 8)
                put32(UInt32(e.blobLength), raw, p + 12)
            }
            let sum = LineCollectionCodec.checksum(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[16..<headerSize]))
            put64(sum, raw, 8)
        }
        return out
    }

    /// Checks and parses the header and chapter table of a whole file. Touches no blob.
    static func parseHeader(_ raw: UnsafeRawBufferPointer, expectedIdentity: [UInt8]) throws -> Header {
        guard raw.count >= fixedHeaderSize else { throw ParseError.tooShort }
        guard raw[0] == magic[0], raw[1] == magic[1], raw[2] == magic[2], raw[3] == magic[3] else { throw ParseError.badMagic }
        let version = get16(raw, 4)
        guard version == formatVersion else { throw ParseError.wrongVersion(version) }
        guard get16(raw, 6) == 0 else { throw ParseError.malformed("reserved field") }
        let headerSize = Int(get32(raw, 16))
        guard headerSize >= fixedHeaderSize, headerSize <= raw.count else { throw ParseError.tooShort }
        let sum = LineCollectionCodec.checksum(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[16..<headerSize]))
        guard sum == get64(raw, 8) else { throw ParseError.checksumMismatch }
        guard get64(raw, 40) == UInt64(raw.count) else { throw ParseError.sizeMismatch }
        let keyLength = Int(get32(raw, 56))
        guard keyLength <= headerSize - fixedHeaderSize else { throw ParseError.malformed("key length") }
        guard keyLength == expectedIdentity.count,
              UnsafeRawBufferPointer(rebasing: raw[fixedHeaderSize..<(fixedHeaderSize + keyLength)]).elementsEqual(expectedIdentity)
        else { throw ParseError.keyMismatch }
        let tableStart = (fixedHeaderSize + keyLength + 7) & ~7
        let count = Int(get32(raw, 20))
        guard tableStart <= headerSize, (headerSize - tableStart) == count * tableEntrySize else {
            throw ParseError.malformed("chapter table size")
        }
        let totalLines = get64(raw, 24), textBytes = get64(raw, 32)
        guard totalLines <= UInt64(raw.count), textBytes <= UInt64(UInt32.max) else { throw ParseError.malformed("totals") }
        var chapters: [ChapterEntry] = []
        chapters.reserveCapacity(count)
        var expectedLower = 0, expectedFirstLine = 0, expectedOffset = headerSize
        for i in 0..<count {
            let p = tableStart + i * tableEntrySize
            let lower = Int(get32(raw, p)), upper = Int(get32(raw, p + 4))
            let lineCount = Int(get32(raw, p + 8)), blobLength = Int(get32(raw, p + 12))
            // Chapters cover the text in order; blobs follow each other without gaps.
            guard lower == expectedLower, upper >= lower, blobLength <= raw.count - expectedOffset else {
                throw ParseError.malformed("chapter table row \(i)")
            }
            chapters.append(ChapterEntry(range: ByteRange(lower, upper), lineCount: lineCount, firstLine: expectedFirstLine,
                                         blobOffset: expectedOffset, blobLength: blobLength))
            expectedLower = upper
            expectedFirstLine += lineCount
            expectedOffset += blobLength
        }
        guard expectedOffset == raw.count, UInt64(expectedFirstLine) == totalLines,
              UInt64(expectedLower) == textBytes else { throw ParseError.malformed("totals") }
        return Header(chapters: chapters, totalLines: expectedFirstLine, textBytes: expectedLower, textDigest: get64(raw, 48))
    }

    // MARK: Little-endian integers

    static func put16(_ v: UInt16, _ raw: UnsafeMutableRawBufferPointer, _ at: Int) {
        for k in 0..<2 { raw[at + k] = UInt8(truncatingIfNeeded: v >> (8 * UInt16(k))) }
    }
    static func put32(_ v: UInt32, _ raw: UnsafeMutableRawBufferPointer, _ at: Int) {
        for k in 0..<4 { raw[at + k] = UInt8(truncatingIfNeeded: v >> (8 * UInt32(k))) }
    }
    static func put64(_ v: UInt64, _ raw: UnsafeMutableRawBufferPointer, _ at: Int) {
        for k in 0..<8 { raw[at + k] = UInt8(truncatingIfNeeded: v >> (8 * UInt64(k))) }
    }
    static func get16(_ raw: UnsafeRawBufferPointer, _ at: Int) -> UInt16 {
        UInt16(raw[at]) | UInt16(raw[at + 1]) << 8
    }
    static func get32(_ raw: UnsafeRawBufferPointer, _ at: Int) -> UInt32 {
        var v: UInt32 = 0
        for k in 0..<4 { v |= UInt32(raw[at + k]) << (8 * UInt32(k)) }
        return v
    }
    static func get64(_ raw: UnsafeRawBufferPointer, _ at: Int) -> UInt64 {
        var v: UInt64 = 0
        for k in 0..<8 { v |= UInt64(raw[at + k]) << (8 * UInt64(k)) }
        return v
    }
}
