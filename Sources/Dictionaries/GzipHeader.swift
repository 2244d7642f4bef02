/// A gzip member's header (RFC 1952) as dictzip uses it: where the deflate data starts and,
/// when the header has dictzip's "RA" extra field, the chunk length and the compressed size
/// of every chunk.
struct GzipHeader: Equatable {
    /// The offset of the first deflate byte.
    let dataStart: Int
    /// dictzip's random-access table, if the header has one.
    let chunks: ChunkTable?

    /// dictzip's "RA" field: every chunk but the last inflates to `length` bytes.
    struct ChunkTable: Equatable {
        /// The inflated length of a chunk.
        let length: Int
        /// The compressed size of each chunk, in order.
        let sizes: [Int]
    }

    /// Whether `bytes` start with the gzip magic.
    static func isGzip(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
    }

    /// Parses the header at the start of `bytes` (enough of the file to hold it); throws a
    /// problem naming `file` when it is cut short or malformed.
    static func parse(_ bytes: [UInt8], file: String) throws -> GzipHeader {
        func fail(_ why: String) -> DictionaryProblem { DictionaryProblem(file, why) }
        guard bytes.count >= 10, isGzip(bytes) else { throw fail("not a gzip file") }
        guard bytes[2] == 8 else { throw fail("gzip method \(bytes[2]) is not deflate") }
        let flags = bytes[3]
        var pos = 10
        var table: ChunkTable?
        if flags & 4 != 0 {
            guard pos + 2 <= bytes.count else { throw fail("gzip header cut short") }
            let xlen = Int(bytes[pos]) | Int(bytes[pos + 1]) << 8
            pos += 2
            guard pos + xlen <= bytes.count else { throw fail("gzip extra field cut short") }
            table = try chunkTable(bytes[pos..<pos + xlen], file: file)
            pos += xlen
        }
        for flag in [UInt8(8), 16] where flags & flag != 0 {   // FNAME, FCOMMENT: NUL-terminated
            guard let nul = bytes[pos...].firstIndex(of: 0) else { throw fail("gzip header name cut short") }
            pos = nul + 1
        }
        if flags & 2 != 0 { pos += 2 }   // FHCRC
        guard pos <= bytes.count else { throw fail("gzip header cut short") }
        return GzipHeader(dataStart: pos, chunks: table)
    }

    /// The "RA" subfield of an extra field, if there is one.
    private static func chunkTable(_ extra: ArraySlice<UInt8>, file: String) throws -> ChunkTable? {
        var pos = extra.startIndex
        while pos + 4 <= extra.endIndex {
            let id = (extra[pos], extra[pos + 1])
            let length = Int(extra[pos + 2]) | Int(extra[pos + 3]) << 8
            let data = pos + 4
            guard data + length <= extra.endIndex else { throw DictionaryProblem(file, "gzip extra subfield cut short") }
            if id == (0x52, 0x41) { return try raField(extra[data..<data + length], file: file) }   // "RA"
            pos = data + length
        }
        return nil
    }

    private static func raField(_ f: ArraySlice<UInt8>, file: String) throws -> ChunkTable {
        func u16(_ i: Int) -> Int { Int(f[f.startIndex + i]) | Int(f[f.startIndex + i + 1]) << 8 }
        guard f.count >= 6 else { throw DictionaryProblem(file, "dictzip chunk table cut short") }
        let version = u16(0), length = u16(2), count = u16(4)
        guard version == 1 else { throw DictionaryProblem(file, "dictzip chunk table version \(version) (only 1 is known)") }
        guard length > 0, length <= DictionaryLimits.chunkBytes else { throw DictionaryProblem(file, "dictzip chunk length \(length)") }
        guard count > 0, f.count >= 6 + 2 * count else { throw DictionaryProblem(file, "dictzip chunk table of \(count) chunks cut short") }
        return ChunkTable(length: length, sizes: (0..<count).map { u16(6 + 2 * $0) })
    }
}
