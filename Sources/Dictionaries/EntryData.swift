import Glibc

/// Where a dictionary's entry texts are: read by (offset, length) in the uncompressed text.
protocol EntryData: AnyObject {
    /// The `length` bytes at `offset` of the uncompressed data; throws when they are not all
    /// there or the compressed data is damaged.
    func read(offset: Int, length: Int) throws -> [UInt8]
}

/// Opens a data file (`.dict`, `.dict.dz`): dictzip random access when the gzip header has a
/// chunk table, a plain gzip decompressed whole (within `DictionaryLimits.wholeGzipBytes`),
/// or an uncompressed file read in place.
enum EntryDataFile {
    static func open(_ path: String) throws -> EntryData {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw DictionaryProblem(path, "cannot open (\(String(cString: strerror(errno))))") }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { close(fd); throw DictionaryProblem(path, "not a regular file") }
        let size = Int(st.st_size)
        let start = FileBytes.read(fd, offset: 0, count: min(size, 10 + 2 + 65_535 + 4096))
        guard GzipHeader.isGzip(start) else { return PlainEntryData(fd: fd, size: size, path: path) }
        let header: GzipHeader
        do { header = try GzipHeader.parse(start, file: path) } catch { close(fd); throw error }
        if let table = header.chunks {
            do { return try DictzipData(fd: fd, size: size, header: header, table: table, path: path) } catch { close(fd); throw error }
        }
        close(fd)
        let whole = try FileBytes.read(path, limit: DictionaryLimits.wholeGzipBytes)
        guard let text = Inflate.gzip(whole, limit: DictionaryLimits.wholeGzipBytes) else {
            throw DictionaryProblem(path, "not valid gzip data (or bigger than \(DictionaryLimits.wholeGzipBytes) bytes inflated)")
        }
        return MemoryEntryData(bytes: text, path: path)
    }

    /// The range check every reader makes.
    static func check(offset: Int, length: Int, size: Int, path: String) throws {
        guard offset >= 0, length >= 0, offset <= size, length <= size - offset else {
            throw DictionaryProblem(path, "entry at \(offset)+\(length) is past the end of the data (\(size) bytes)")
        }
    }
}

/// An uncompressed data file, read with `pread`.
final class PlainEntryData: EntryData {
    private let fd: Int32
    private let size: Int
    private let path: String

    init(fd: Int32, size: Int, path: String) {
        self.fd = fd
        self.size = size
        self.path = path
    }

    deinit { close(fd) }

    func read(offset: Int, length: Int) throws -> [UInt8] {
        try EntryDataFile.check(offset: offset, length: length, size: size, path: path)
        let bytes = FileBytes.read(fd, offset: offset, count: length)
        guard bytes.count == length else { throw DictionaryProblem(path, "cannot read \(length) bytes at \(offset)") }
        return bytes
    }
}

/// Data held in memory (a plain gzip decompressed whole).
final class MemoryEntryData: EntryData {
    private let bytes: [UInt8]
    private let path: String

    init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    func read(offset: Int, length: Int) throws -> [UInt8] {
        try EntryDataFile.check(offset: offset, length: length, size: bytes.count, path: path)
        return Array(bytes[offset..<offset + length])
    }
}
