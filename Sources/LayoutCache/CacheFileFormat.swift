import Support
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
/// headerSize…  C blobs, each a `LineCollectionCodec` blob (a `VerticalColumnsCodec` blob in
///              a file of vertical columns, whose table counts columns for lines) with its
///              own checksum and the key "<first 8 hex digits of the digest>#<chapter index>"
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

        /// Whether the chapter table matches a book's chapters (same count and ranges).
        func matches(chapterRanges: [ByteRange]) -> Bool {
            chapterRanges.count == chapters.count && zip(chapterRanges, chapters).allSatisfy { $0 == $1.range }
        }
    }

    enum ParseError: Error, Equatable {
        case tooShort, badMagic, wrongVersion(UInt16), checksumMismatch, sizeMismatch, keyMismatch, malformed(String)
    }

    /// The key of chapter `index`'s blob.
    static func blobKey(digest: String, chapter index: Int) -> String { "\(digest.prefix(8))#\(index)" }

    /// Builds the whole file of a horizontal layout in memory.
    static func encode(key: LayoutCacheKey, textDigest: UInt64, chapters: [LineCollection]) -> [UInt8] {
        let digest = key.digest
        return encode(identity: key.identity, textDigest: textDigest, ranges: chapters.map(\.range),
                      capacity: chapters.reduce(0) { $0 + 64 + $1.count * 4 }) { i, w in
            LineCollectionCodec.encode(chapters[i], key: blobKey(digest: digest, chapter: i), into: &w)
            return chapters[i].count
        }
    }

    /// Builds a whole file in memory: the header for `identity`, then each chapter's blob as
    /// `blob(index, &writer)` appends it and returns the chapter's rows (lines, or columns of
    /// vertical text: the table's "line count"), one chapter after the other — a caller can
    /// make each chapter's rows only when its blob is asked for and drop them after.
    /// `ranges` are the chapters' ranges; `capacity` the bytes to reserve.
    static func encode(identity: String, textDigest: UInt64, ranges: [ByteRange], capacity: Int,
                       blob: (Int, inout ByteWriter) -> Int) -> [UInt8] {
        let identity = Array(identity.utf8)
        let tableStart = (fixedHeaderSize + identity.count + 7) & ~7
        let headerSize = tableStart + tableEntrySize * ranges.count
        var w = ByteWriter(capacity: headerSize + capacity)
        CachePreamble.append(magic: magic, version: formatVersion, to: &w)  // checksum filled in below
        w.appendLittleEndian(UInt32(headerSize))
        w.appendLittleEndian(UInt32(ranges.count))
        let totalAt = w.count
        w.appendZeros(8)  // the rows of all chapters, filled in below
        w.appendLittleEndian(UInt64(ranges.last?.upperBound.rawValue ?? 0))
        w.appendZeros(8)  // file size, filled in below
        w.appendLittleEndian(textDigest)
        w.appendLittleEndian(UInt32(identity.count))
        w.append(contentsOf: identity)
        w.appendZeros(headerSize - w.count)  // padding and the chapter table, filled in below
        var total = 0
        for (i, range) in ranges.enumerated() {
            let offset = w.count
            let count = blob(i, &w)
            total += count
            let row = tableStart + i * tableEntrySize
            w.setLittleEndian(UInt32(range.lowerBound.rawValue), at: row)
            w.setLittleEndian(UInt32(range.upperBound.rawValue), at: row + 4)
            w.setLittleEndian(UInt32(count), at: row + 8)
            w.setLittleEndian(UInt32(w.count - offset), at: row + 12)
        }
        w.setLittleEndian(UInt64(total), at: totalAt)
        w.setLittleEndian(UInt64(w.count), at: 40)
        w.setLittleEndian(Digest.fnv1a64(w.bytes[16..<headerSize]), at: 8)
        return w.bytes
    }

    /// Checks and parses the header and chapter table of a whole file. Touches no blob.
    static func parseHeader(_ raw: UnsafeRawBufferPointer, expectedIdentity: [UInt8]) throws -> Header {
        let checksum = try CachePreamble.check(raw, magic: magic, version: formatVersion, minimumSize: fixedHeaderSize,
                                               as: ParseError.self)
        var r = ByteReader(raw, position: CachePreamble.size)
        do {
            let headerSize = Int(try r.littleEndian(UInt32.self))
            guard headerSize >= fixedHeaderSize, headerSize <= raw.count else { throw ParseError.tooShort }
            guard Digest.fnv1a64(UnsafeRawBufferPointer(rebasing: raw[16..<headerSize])) == checksum else {
                throw ParseError.checksumMismatch
            }
            let count = Int(try r.littleEndian(UInt32.self))
            let totalLines = try r.littleEndian(UInt64.self), textBytes = try r.littleEndian(UInt64.self)
            guard try r.littleEndian(UInt64.self) == UInt64(raw.count) else { throw ParseError.sizeMismatch }
            let textDigest = try r.littleEndian(UInt64.self)
            let keyLength = Int(try r.littleEndian(UInt32.self))
            guard keyLength <= headerSize - fixedHeaderSize else { throw ParseError.malformed("key length") }
            guard keyLength == expectedIdentity.count, raw[try r.take(keyLength)].elementsEqual(expectedIdentity) else {
                throw ParseError.keyMismatch
            }
            let tableStart = (fixedHeaderSize + keyLength + 7) & ~7
            guard tableStart <= headerSize, (headerSize - tableStart) == count * tableEntrySize else {
                throw ParseError.malformed("chapter table size")
            }
            guard totalLines <= UInt64(raw.count), textBytes <= UInt64(UInt32.max) else { throw ParseError.malformed("totals") }
            r.position = tableStart
            let chapters = try parseTable(&r, count: count, headerSize: headerSize, fileSize: raw.count)
            // The blobs end the file; the rows add up to the totals.
            let blobsEnd = chapters.last.map { $0.blobOffset + $0.blobLength } ?? headerSize
            let lines = chapters.last.map { $0.firstLine + $0.lineCount } ?? 0
            let textEnd = chapters.last?.range.upperBound.rawValue ?? 0
            guard blobsEnd == raw.count, UInt64(lines) == totalLines, UInt64(textEnd) == textBytes else {
                throw ParseError.malformed("totals")
            }
            return Header(chapters: chapters, totalLines: Int(totalLines), textBytes: Int(textBytes), textDigest: textDigest)
        } catch let error as ByteReader.Error {
            throw ParseError.malformed(error.description)
        }
    }

    /// The chapter table: chapters contiguous from offset 0, blobs back to back from
    /// `headerSize`, none past the end of the file.
    private static func parseTable(_ r: inout ByteReader, count: Int, headerSize: Int, fileSize: Int) throws -> [ChapterEntry] {
        var chapters: [ChapterEntry] = []
        chapters.reserveCapacity(count)
        var expectedLower = 0, expectedFirstLine = 0, expectedOffset = headerSize
        for i in 0..<count {
            let lower = Int(try r.littleEndian(UInt32.self)), upper = Int(try r.littleEndian(UInt32.self))
            let lineCount = Int(try r.littleEndian(UInt32.self)), blobLength = Int(try r.littleEndian(UInt32.self))
            guard lower == expectedLower, upper >= lower, blobLength <= fileSize - expectedOffset else {
                throw ParseError.malformed("chapter table row \(i)")
            }
            chapters.append(ChapterEntry(range: ByteRange(lower, upper), lineCount: lineCount, firstLine: expectedFirstLine,
                                         blobOffset: expectedOffset, blobLength: blobLength))
            expectedLower = upper
            expectedFirstLine += lineCount
            expectedOffset += blobLength
        }
        return chapters
    }
}
