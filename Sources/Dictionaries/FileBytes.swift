import Glibc
import Support

/// Reading files with plain system calls: a whole (bounded) file, or bytes at an offset.
enum FileBytes {
    /// The size of the file at `path`, or nil when it is not a readable regular file.
    static func size(_ path: String) -> Int? {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(st.st_size)
    }

    /// Whether `path` is a directory.
    static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// The whole file, refused past `limit` bytes.
    static func read(_ path: String, limit: Int) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw DictionaryProblem(path, "cannot open (\(String(cString: strerror(errno))))") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { throw DictionaryProblem(path, "not a regular file") }
        let size = Int(st.st_size)
        guard size <= limit else { throw DictionaryProblem(path, "too big (\(size) bytes; the limit is \(limit))") }
        var bytes = [UInt8](repeating: 0, count: size)
        let got = bytes.withUnsafeMutableBytes { readFully(fd, $0.baseAddress, size, at: 0) }
        guard got == size else { throw DictionaryProblem(path, "cannot read (\(got) of \(size) bytes)") }
        return bytes
    }

    /// Up to `count` bytes at `offset` of the open descriptor `fd` (fewer at the end).
    static func read(_ fd: Int32, offset: Int, count: Int) -> [UInt8] {
        guard count > 0, offset >= 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { readFully(fd, $0.baseAddress, count, at: offset) }
        if got < count { bytes.removeLast(count - got) }
        return bytes
    }

    /// `pread` until `count` bytes or the end of the file; the bytes read.
    private static func readFully(_ fd: Int32, _ base: UnsafeMutableRawPointer?, _ count: Int, at offset: Int) -> Int {
        guard let base else { return 0 }
        var done = 0
        while done < count {
            let n = pread(fd, base + done, count - done, off_t(offset + done))
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            done += n
        }
        return done
    }

    /// The entries of the directory `path` (names, without "." and ".."), sorted.
    static func list(_ path: String) -> [String] {
        ((try? FileSystem.contentsOfDirectory(path)) ?? []).sorted()
    }
}
