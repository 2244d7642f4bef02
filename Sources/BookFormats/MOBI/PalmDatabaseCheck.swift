/// Our own reading of a Palm database (the container of MOBI, AZW, AZW3 and PalmDOC
/// files), done before libmobi sees a byte: libmobi is C parsing hostile data, so every
/// structure it would trust is checked here first, and a broken file is refused with one
/// clear reason.
///
/// Checked: the 78-byte header; a record list that fits the file; record offsets inside
/// the file, after the list, in ascending order (a record that starts before the previous
/// one overlaps it); record 0 long enough for the PalmDOC header (and for MOBI the MOBI
/// header it declares); a known compression; text records that exist, declaring at most
/// `maxTextSize` bytes of text; the encryption
/// field (MOBI: not 0 → DRM); for HUFF/CDIC, HUFF and CDIC records whose tables fit them;
/// the KF8 part's record 0 (the record EXTH 121, the KF8 boundary, names), checked the same way.
struct PalmDatabaseCheck {
    /// What kind of book the database holds.
    enum Kind: Equatable {
        /// `BOOKMOBI`: MOBI 6, KF8 or both.
        case mobi
        /// `TEXtREAd`: PalmDOC plain text.
        case palmDOC
    }

    /// A byte range of the file, `[lowerBound, upperBound)`.
    struct Span: Equatable {
        var lowerBound: Int
        var upperBound: Int
        var count: Int { upperBound - lowerBound }
    }

    /// The Palm header's size and the size of one record list entry.
    static let headerSize = 78
    static let recordEntrySize = 8
    /// Largest book file read (512 MiB, as for TXT): libmobi holds the records and the
    /// rebuilt markup in memory at once.
    static let maxFileSize = 512 << 20
    /// Most text a header may declare (text records × record size): 65,535 records of the
    /// standard 4,096 bytes. libmobi sizes its text buffer from the declaration.
    static let maxTextSize = 65_535 * 4_096
    /// Compression types: none, PalmDOC (LZ77), HUFF/CDIC.
    static let compressions: Set<UInt16> = [1, 2, 17480]

    let kind: Kind
    /// The database name (header bytes 0–31, up to the first NUL), as Latin-1.
    let name: String
    /// The records' byte ranges in the file.
    let records: [Span]
    /// Record 0's PalmDOC compression type.
    let compression: UInt16

    /// Checks `bytes` (the whole file). Throws `BookError.invalidBook` (format "MOBI") with
    /// the first problem found, `.drmProtected` for an encrypted MOBI, or `.limitExceeded`.
    init(bytes: UnsafeBufferPointer<UInt8>, path: String) throws {
        func invalid(_ reason: String) -> BookError { .invalidBook(path: path, format: "MOBI", reason: reason) }
        if bytes.count > Self.maxFileSize {
            throw BookError.limitExceeded(path: path, reason: "the file is \(bytes.count >> 20) MiB (limit \(Self.maxFileSize >> 20) MiB for MOBI)")
        }
        guard bytes.count >= Self.headerSize else {
            throw invalid("truncated Palm database header (\(bytes.count) bytes, \(Self.headerSize) needed)")
        }
        let type = String(decoding: bytes[60..<68], as: UTF8.self)
        switch type {
        case "BOOKMOBI": kind = .mobi
        case "TEXtREAd": kind = .palmDOC
        default: throw invalid("not a MOBI or PalmDOC database (type \"\(type.filter { $0.isASCII && !$0.isNewline })\")")
        }
        name = String(decoding: bytes[0..<32].prefix { $0 != 0 }, as: UTF8.self)
        records = try Self.recordSpans(bytes, invalid: invalid)
        let r0 = records[0]
        guard r0.count >= 16 else { throw invalid("record 0 is \(r0.count) bytes, too short for the PalmDOC header (16)") }
        compression = Self.u16(bytes, r0.lowerBound)
        try Self.checkRecord0(bytes, records: records, first: 0, kind: kind, path: path, invalid: invalid)
        if kind == .mobi, let boundary = Self.kf8Boundary(bytes, record0: r0), boundary > 0, boundary < records.count {
            try Self.checkRecord0(bytes, records: records, first: boundary, kind: kind, path: path, invalid: invalid)
        }
    }

    /// The record list: every record inside the file, after the list, ascending.
    private static func recordSpans(_ bytes: UnsafeBufferPointer<UInt8>, invalid: (String) -> BookError) throws -> [Span] {
        let count = Int(u16(bytes, 76))
        guard count > 0 else { throw invalid("the Palm database has no records") }
        let listEnd = headerSize + count * recordEntrySize
        guard listEnd <= bytes.count else {
            throw invalid("the record list is cut off (\(count) records need \(listEnd) bytes, the file has \(bytes.count))")
        }
        var starts: [Int] = []
        starts.reserveCapacity(count)
        for i in 0..<count {
            let offset = Int(u32(bytes, headerSize + i * recordEntrySize))
            guard offset <= bytes.count else {
                throw invalid("record \(i) starts at \(offset), past the end of the file (\(bytes.count) bytes)")
            }
            guard offset >= listEnd else { throw invalid("record \(i) starts at \(offset), inside the record list") }
            if let last = starts.last, offset < last {
                throw invalid("record \(i) starts at \(offset), before record \(i - 1) (\(last)): overlapping records")
            }
            starts.append(offset)
        }
        return starts.indices.map { Span(lowerBound: starts[$0], upperBound: $0 + 1 < count ? starts[$0 + 1] : bytes.count) }
    }

    /// Record 0 at `first` (0, or a KF8 part's): compression, text records, encryption,
    /// the MOBI header's length, HUFF/CDIC records.
    private static func checkRecord0(_ bytes: UnsafeBufferPointer<UInt8>, records: [Span], first: Int, kind: Kind,
                                     path: String, invalid: (String) -> BookError) throws {
        let r0 = records[first]
        guard r0.count >= 16 else { throw invalid("record \(first) is \(r0.count) bytes, too short for the PalmDOC header (16)") }
        let compression = u16(bytes, r0.lowerBound)
        guard compressions.contains(compression) else { throw invalid("unknown compression type \(compression)") }
        let textRecords = Int(u16(bytes, r0.lowerBound + 8))
        guard first + textRecords < records.count else {
            throw invalid("the header names \(textRecords) text records, the file has \(records.count - first - 1) after record \(first)")
        }
        // libmobi allocates text records × record size for the text at once.
        let recordSize = Int(u16(bytes, r0.lowerBound + 10))
        guard textRecords * recordSize <= maxTextSize else {
            throw BookError.limitExceeded(path: path, reason: "the header declares \(textRecords) text records of \(recordSize) bytes (limit \(maxTextSize >> 20) MiB of text)")
        }
        guard kind == .mobi else { return }
        if u16(bytes, r0.lowerBound + 12) != 0 { throw BookError.drmProtected(path: path) }
        guard r0.count >= 24, bytes[r0.lowerBound + 16..<r0.lowerBound + 20].elementsEqual("MOBI".utf8) else {
            if compression == 17480 { throw invalid("HUFF/CDIC compression without a MOBI header") }
            return
        }
        let headerLength = Int(u32(bytes, r0.lowerBound + 20))
        guard headerLength >= 8, 16 + headerLength <= r0.count else {
            throw invalid("the MOBI header claims \(headerLength) bytes, record \(first) has \(r0.count - 16) after the PalmDOC header")
        }
        if compression == 17480 { try checkHuffCDIC(bytes, records: records, first: first, headerLength: headerLength, invalid: invalid) }
    }

    /// HUFF/CDIC: the records named by the MOBI header (112: first, 116: count) exist; the
    /// first is a HUFF record whose two tables (256 × 4 and 32 × 8 bytes) fit it; the rest
    /// are CDIC records whose header (16 bytes) and phrase offsets fit them.
    private static func checkHuffCDIC(_ bytes: UnsafeBufferPointer<UInt8>, records: [Span], first: Int, headerLength: Int,
                                      invalid: (String) -> BookError) throws {
        let r0 = records[first]
        guard headerLength >= 104 else { throw invalid("HUFF/CDIC compression, but the MOBI header is too short to name its records") }
        // A KF8 part's record numbers count from its own record 0.
        let huffIndex = first + Int(u32(bytes, r0.lowerBound + 112)), huffCount = Int(u32(bytes, r0.lowerBound + 116))
        guard huffCount >= 2, huffIndex < records.count, huffCount <= records.count - huffIndex else {
            throw invalid("the HUFF/CDIC records (\(huffIndex), \(huffCount) of them) are not in the file")
        }
        let huff = records[huffIndex]
        guard huff.count >= 24, bytes[huff.lowerBound..<huff.lowerBound + 4].elementsEqual("HUFF".utf8) else {
            throw invalid("record \(huffIndex) is not a HUFF table")
        }
        let table1 = Int(u32(bytes, huff.lowerBound + 8)), table2 = Int(u32(bytes, huff.lowerBound + 12))
        guard table1 <= huff.count - 256 * 4, table2 <= huff.count - 32 * 8 else {
            throw invalid("the HUFF table of record \(huffIndex) has wrong sizes (tables at \(table1) and \(table2), record of \(huff.count) bytes)")
        }
        for i in (huffIndex + 1)..<(huffIndex + huffCount) {
            let cdic = records[i]
            guard cdic.count >= 16, bytes[cdic.lowerBound..<cdic.lowerBound + 4].elementsEqual("CDIC".utf8) else {
                throw invalid("record \(i) is not a CDIC table")
            }
            let header = Int(u32(bytes, cdic.lowerBound + 4)), codeLength = Int(u32(bytes, cdic.lowerBound + 12))
            guard header == 16, codeLength >= 1, codeLength <= 16 else {
                throw invalid("the CDIC table of record \(i) has wrong sizes (header \(header), code length \(codeLength))")
            }
        }
    }

    /// The KF8 boundary record number (EXTH 121) of a MOBI record 0, if its EXTH has one.
    static func kf8Boundary(_ bytes: UnsafeBufferPointer<UInt8>, record0 r0: Span) -> Int? {
        guard r0.count >= 24, bytes[r0.lowerBound + 16..<r0.lowerBound + 20].elementsEqual("MOBI".utf8) else { return nil }
        let headerLength = Int(u32(bytes, r0.lowerBound + 20))
        guard headerLength >= 116, 16 + headerLength <= r0.count, u32(bytes, r0.lowerBound + 128) & 0x40 != 0 else { return nil }
        var p = r0.lowerBound + 16 + headerLength
        guard p + 12 <= r0.upperBound, bytes[p..<p + 4].elementsEqual("EXTH".utf8) else { return nil }
        let count = Int(u32(bytes, p + 8))
        p += 12
        for _ in 0..<min(count, 4096) {
            guard p + 8 <= r0.upperBound else { return nil }
            let tag = u32(bytes, p), size = Int(u32(bytes, p + 4))
            guard size >= 8, size <= r0.upperBound - p else { return nil }
            if tag == 121, size >= 12 {
                let value = u32(bytes, p + 8)
                return value == UInt32.max ? nil : Int(value)
            }
            p += size
        }
        return nil
    }

    @inline(__always) static func u16(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt16 {
        UInt16(b[i]) << 8 | UInt16(b[i + 1])
    }

    @inline(__always) static func u32(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }
}
