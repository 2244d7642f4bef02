import CLibZip

/// Read-only access to the entries of a zip archive through libzip.
///
/// Nothing is ever extracted to disk: entries are read into memory by exact name.
/// Entries with unsafe names (absolute, with `..` components, backslashes or NUL) are
/// indexed as *ignored* and can never be read. Limits guard against zip bombs: an entry
/// larger than `maxEntrySize` or with a compression ratio above `maxCompressionRatio`
/// is refused, and no more than the declared size is ever read.
///
/// Not thread-safe: use one archive per thread.
final class ZipArchive {
    /// Largest uncompressed entry that will be read (256 MiB).
    static let maxEntrySize: UInt64 = 256 << 20
    /// Largest accepted ratio of uncompressed to compressed size.
    static let maxCompressionRatio: UInt64 = 1000

    /// Information about one usable entry.
    struct Entry {
        /// Index in the archive.
        var index: UInt64
        /// Declared uncompressed size.
        var size: UInt64
        /// Declared compressed size.
        var compressedSize: UInt64
        /// Compression method (0 stored, 8 deflate; `ZipCompressionMethod`).
        var method: UInt16 = 0
    }

    /// The archive's file path (for error messages).
    let path: String
    private let handle: OpaquePointer
    /// Usable entries by exact name.
    private(set) var entries: [String: Entry] = [:]
    /// Lower-cased name → name, for a case-insensitive fallback lookup.
    /// Lower-cased names → names, made on the first lookup that misses (most books name
    /// their entries exactly; a 2,000-entry book need not fold every name to open).
    private var foldedNames: [String: String]?
    /// Names of entries that were ignored because their names are unsafe.
    private(set) var unsafeNames: [String] = []

    /// Opens `path` read-only. Throws `BookError.notAnArchive` for a file that is not a
    /// readable zip (including truncated ones without a central directory).
    init(path: String) throws {
        self.path = path
        var code: Int32 = 0
        guard let za = zip_open(path, ZIP_RDONLY, &code) else {
            throw ZipArchive.openError(path: path, code: code)
        }
        handle = za
        let count = zip_get_num_entries(za, 0)
        if count < 0 {
            zip_discard(za)
            throw BookError.notAnArchive(path: path, reason: "cannot read the zip directory")
        }
        entries.reserveCapacity(Int(count))
        for i in 0..<UInt64(count) {
            var st = zip_stat_t()
            zip_stat_init(&st)
            guard zip_stat_index(za, i, 0, &st) == 0, let cname = st.name else { continue }
            let name = String(cString: cname)
            guard ZipArchive.isSafeName(name) else { unsafeNames.append(name); continue }
            if name.hasSuffix("/") { continue }  // directory entry
            let size = (st.valid & UInt64(ZIP_STAT_SIZE)) != 0 ? st.size : 0
            let comp = (st.valid & UInt64(ZIP_STAT_COMP_SIZE)) != 0 ? st.comp_size : 0
            let method = (st.valid & UInt64(ZIP_STAT_COMP_METHOD)) != 0 ? st.comp_method : 0
            if entries[name] == nil {
                entries[name] = Entry(index: i, size: size, compressedSize: comp, method: method)
            }
        }
    }

    deinit {
        // Read-only: discard never writes anything.
        zip_discard(handle)
    }

    /// Whether an entry name is safe to use: relative, no `..` or empty-dot components
    /// escaping the root, no backslashes, no NUL.
    static func isSafeName(_ name: String) -> Bool {
        let u = Array(name.utf8)
        guard let first = u.first, first != UInt8(ascii: "/") else { return false }
        // A drive letter ("C:") is absolute on other systems.
        if u.count >= 2 && u[1] == UInt8(ascii: ":") { return false }
        var componentStart = 0
        for i in 0...u.count {
            let b = i < u.count ? u[i] : UInt8(ascii: "/")
            if b == UInt8(ascii: "\\") || b == 0 { return false }
            if b == UInt8(ascii: "/") {
                if i - componentStart == 2 && u[componentStart] == UInt8(ascii: ".") && u[componentStart + 1] == UInt8(ascii: ".") {
                    return false
                }
                componentStart = i + 1
            }
        }
        return true
    }

    /// The entry named exactly `name`, or (if unique) one whose name differs only in case.
    func entry(named name: String) -> (name: String, entry: Entry)? {
        if let e = entries[name] { return (name, e) }
        if foldedNames == nil {
            // In zip order, the last of names that fold alike wins (as before this was lazy).
            var folded: [String: String] = [:]
            for name in entries.keys.sorted(by: { entries[$0]!.index < entries[$1]!.index }) { folded[name.lowercased()] = name }
            foldedNames = folded
        }
        if let real = foldedNames?[name.lowercased()], let e = entries[real] { return (real, e) }
        return nil
    }

    /// Whether an entry with this name (or a case variant) exists.
    func contains(_ name: String) -> Bool { entry(named: name) != nil }

    /// Reads a whole entry into memory. Throws `BookError.limitExceeded` for entries over
    /// the limits and `BookError.invalidEPUB` when the entry is missing or damaged, or
    /// compressed with a method an EPUB may not use ("OEBPS/c2.xhtml: compressed with
    /// method 12 (bzip2), which the reader cannot read").
    func read(_ name: String) throws -> [UInt8] {
        guard let (realName, e) = entry(named: name) else {
            throw BookError.invalidEPUB(path: path, reason: "\(name) is missing from the archive")
        }
        guard ZipCompressionMethod.isAllowed(e.method) else {
            throw BookError.invalidEPUB(path: path, reason: "\(realName): " + ZipCompressionMethod.refusal(e.method))
        }
        if e.size > ZipArchive.maxEntrySize {
            throw BookError.limitExceeded(path: path, reason: "\(realName) is \(e.size >> 20) MiB uncompressed (limit 256 MiB)")
        }
        if e.size > 0 && (e.compressedSize == 0 || e.size / max(e.compressedSize, 1) > ZipArchive.maxCompressionRatio) {
            throw BookError.limitExceeded(path: path, reason: "\(realName) has a compression ratio above 1000:1")
        }
        guard let file = zip_fopen_index(handle, e.index, 0) else {
            throw BookError.invalidEPUB(path: path, reason: "cannot read \(realName): \(errorString())")
        }
        defer { zip_fclose(file) }
        let size = Int(e.size)
        var failed = false
        // Never more than the declared size is read, and memory follows the data actually
        // inflated (the declared sizes may lie): chunks of at most 1 MiB.
        var buffer: [UInt8] = []
        buffer.reserveCapacity(min(size, 1 << 20))
        let chunk = 1 << 20
        var scratch = [UInt8](repeating: 0, count: min(max(size, 1), chunk))
        while buffer.count < size {
            let want = min(size - buffer.count, scratch.count)
            let n = scratch.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress!, UInt64(want)) }
            if n < 0 { failed = true; break }
            if n == 0 { break }
            buffer.append(contentsOf: scratch[0..<Int(n)])
        }
        if failed {
            throw BookError.invalidEPUB(path: path, reason: "cannot read \(realName): \(fileErrorString(file))")
        }
        // An entry that inflates to more than it declares is damaged or hostile: refused
        // rather than silently cut (one byte past the declared size is probed, no more).
        if buffer.count == size {
            var probe: UInt8 = 0
            if zip_fread(file, &probe, 1) > 0 {
                throw BookError.invalidEPUB(path: path, reason: "\(realName) is larger than its declared size")
            }
        }
        return buffer
    }

    private func errorString() -> String {
        guard let err = zip_get_error(handle) else { return "unknown error" }
        return String(cString: zip_error_strerror(err))
    }

    private func fileErrorString(_ file: OpaquePointer) -> String {
        guard let err = zip_file_get_error(file) else { return "unknown error" }
        let code = zip_error_code_zip(err)
        switch code {
        case ZIP_ER_CRC: return "damaged data (CRC mismatch)"
        case ZIP_ER_ZLIB, ZIP_ER_COMPRESSED_DATA: return "damaged compressed data"
        case ZIP_ER_EOF, ZIP_ER_READ: return "the archive is truncated"
        default: return String(cString: zip_error_strerror(err))
        }
    }

    /// Maps a libzip open error to a `BookError` with a short reason.
    static func openError(path: String, code: Int32) -> BookError {
        switch code {
        case ZIP_ER_NOZIP:
            // A file that starts like a zip but has no end-of-central-directory record
            // was cut short.
            if let head = FileHead.read(path, count: 4), head.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
                return .notAnArchive(path: path, reason: "the zip archive is truncated or damaged (no central directory)")
            }
            return .notAnArchive(path: path, reason: "not a zip archive")
        case ZIP_ER_INCONS:
            return .notAnArchive(path: path, reason: "the zip archive is damaged or truncated (inconsistent directory)")
        case ZIP_ER_MULTIDISK:
            return .notAnArchive(path: path, reason: "multi-part zip archives are not supported")
        case ZIP_ER_OPEN, ZIP_ER_NOENT:
            return .unreadable(path: path, reason: "cannot open the file")
        case ZIP_ER_READ, ZIP_ER_SEEK, ZIP_ER_EOF:
            return .notAnArchive(path: path, reason: "read error (the file may be truncated)")
        case ZIP_ER_MEMORY:
            return .limitExceeded(path: path, reason: "out of memory while reading the zip directory")
        default:
            var err = zip_error_t()
            zip_error_init_with_code(&err, code)
            defer { zip_error_fini(&err) }
            return .notAnArchive(path: path, reason: String(cString: zip_error_strerror(&err)))
        }
    }
}
