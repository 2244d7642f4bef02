import Support
import TextContent

/// Encodes a chapter's vertical columns (`VerticalColumn`s, issue #23) into a compact,
/// versioned, checksummed byte string and back — the per-chapter blob of a vertical
/// layout-cache file (docs/CACHE.md).
///
/// Format 1, after magic `RDVC`, version, key and the chapter's range and column count:
/// each column is its indent and cell count (varints), then its cells, each a head varint
/// `length << 4 | flags << 1 | gapCode` — the cell's bytes; flags 1 = tate-chū-yoko,
/// 2 = a reading's cell, 4 = text stored; gapCode 0 = the cell starts where the previous
/// one ended, 1 = a zigzag gap follows — then its text when stored. A cell's
/// text is stored only when it is not what the book's bytes give (its vertical form, or
/// the bytes themselves for a tate-chū-yoko pair): readings, list markers, upright CSS
/// runs like `!?`. A kanji or kana of the text takes one byte.
public enum VerticalColumnsCodec {
    /// Blob magic.
    public static let magic: [UInt8] = Array("RDVC".utf8)
    /// Format version; bump on any change of the layout above.
    public static let formatVersion: UInt16 = 1

    /// Why a blob was rejected.
    public typealias DecodeError = CacheBlobError

    private static let combinedFlag: UInt64 = 1, readingFlag: UInt64 = 2, storedFlag: UInt64 = 4

    /// Appends the blob of `columns` (chapter `range` of `content`, cell ranges in the
    /// book's bytes) to `w`; `key` is checked on decoding.
    public static func encode(_ columns: [VerticalColumn], range: ByteRange, of content: TextContent, key: String,
                              into w: inout ByteWriter) {
        let base = CacheBlob.begin(&w, magic: magic, version: formatVersion, key: key)
        w.appendVarint(range.lowerBound.rawValue)
        w.appendVarint(range.upperBound.rawValue)
        w.appendVarint(columns.count)
        var previousEnd = range.lowerBound.rawValue
        for column in columns {
            w.appendVarint(column.indent)
            w.appendVarint(column.cells.count)
            for cell in column.cells {
                let stored = cell.isReading || cell.range.isEmpty || derivedText(cell.range, isCombined: cell.isCombined, in: content) != cell.text
                var flags: UInt64 = cell.isCombined ? combinedFlag : 0
                if cell.isReading { flags |= readingFlag }
                if stored { flags |= storedFlag }
                let gap = cell.range.lowerBound - previousEnd
                w.appendVarint(UInt64(cell.range.count) << 4 | flags << 1 | (gap == 0 ? 0 : 1))
                if gap != 0 { w.appendZigzag(gap) }
                if stored { w.appendString(cell.text) }
                previousEnd = cell.range.upperBound
            }
        }
        CacheBlob.end(&w, from: base)
    }

    /// Decodes a blob written by `encode` for the same `content`, checking magic, version,
    /// checksum, key, that the chapter is `range` and every cell lies inside it. Never traps
    /// on damaged input: every malformed blob throws.
    public static func decode(_ blob: UnsafeRawBufferPointer, expectedKey: String, range: ByteRange,
                              of content: TextContent) throws -> [VerticalColumn] {
        var reader = try CacheBlob.open(blob, magic: magic, version: formatVersion, key: expectedKey)
        do {
            let lower = try reader.varint(), upper = try reader.varint()
            guard lower == UInt64(range.lowerBound.rawValue), upper == UInt64(range.upperBound.rawValue),
                  range.upperBound.rawValue <= content.bytes.count else { throw DecodeError.malformed("range") }
            let count = Int(clamping: try reader.varint())
            guard count <= reader.remaining / 2 else { throw DecodeError.malformed("column count") }
            var columns: [VerticalColumn] = []
            columns.reserveCapacity(count)
            var previousEnd = range.lowerBound.rawValue
            for _ in 0..<count {
                columns.append(try decodeColumn(&reader, previousEnd: &previousEnd, range: range, content: content))
            }
            guard reader.isAtEnd else { throw DecodeError.malformed("trailing bytes") }
            return columns
        } catch let error as ByteReader.Error {
            throw DecodeError.malformed(error.description)
        }
    }

    private static func decodeColumn(_ reader: inout ByteReader, previousEnd: inout Int, range: ByteRange,
                                     content: TextContent) throws -> VerticalColumn {
        let indent = Int(clamping: try reader.varint())
        let cellCount = Int(clamping: try reader.varint())
        guard indent <= Int(UInt16.max), cellCount <= reader.remaining else { throw DecodeError.malformed("column") }
        var cells: [VerticalCell] = []
        cells.reserveCapacity(cellCount)
        let lo = range.lowerBound.rawValue, hi = range.upperBound.rawValue
        for _ in 0..<cellCount {
            let head = try reader.varint()
            let flags = head >> 1 & 7, length = head >> 4
            let gap = head & 1 == 0 ? 0 : try reader.zigzag()
            guard gap > Int64(lo - hi - 1), gap < Int64(hi - lo + 1), length <= UInt64(hi - lo) else {
                throw DecodeError.malformed("cell outside range")
            }
            let start = previousEnd + Int(gap), end = start + Int(length)
            guard start >= lo, end <= hi else { throw DecodeError.malformed("cell outside range") }
            let isCombined = flags & combinedFlag != 0
            let text = flags & storedFlag != 0 ? try reader.string() : derivedText(start..<end, isCombined: isCombined, in: content)
            cells.append(VerticalCell(text: text, range: start..<end, isCombined: isCombined, isReading: flags & readingFlag != 0))
            previousEnd = end
        }
        return VerticalColumn(cells: cells, indent: indent)
    }

    /// What a cell over `range` shows when nothing else is said: the bytes' vertical form
    /// (`VerticalForms.vertical`), or the bytes themselves for a tate-chū-yoko pair.
    private static func derivedText(_ range: Range<Int>, isCombined: Bool, in content: TextContent) -> String {
        let text = String(decoding: content.bytes[range], as: UTF8.self)
        return isCombined ? text : VerticalForms.vertical(Substring(text))
    }
}
