import Glibc

/// The first bytes of a file, read the way the book readers always read them (before
/// without Foundation: `FileHandle(forReadingAtPath:)` and `try? read(upToCount:)`), which
/// tells a file that cannot be opened (nil: the callers say "permission denied") from one
/// that opens but cannot be read (a folder, an I/O error: no bytes, as an empty file).
enum FileHead {
    /// Bytes read at a time past the size `fstat` gave (a file that grew, or that reports
    /// no size, as those of /proc).
    private static let chunk = 64 << 10

    /// At most the first `count` bytes of `path`: nil when it cannot be opened, empty when
    /// it is empty or a read fails (whatever was read before the failure is dropped).
    static func read(_ path: String, count: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        let expected = fstat(fd, &info) == 0 ? max(Int(info.st_size), 0) : 0
        // The size the file says, allocated once (not `count`: a 256 MiB limit for a small file).
        guard var bytes = readUpTo(fd, count: min(count, expected)) else { return [] }
        if bytes.count < min(count, expected) { return bytes }   // shorter than it said
        var scratch = [UInt8](repeating: 0, count: chunk)
        while bytes.count < count {
            let want = min(count - bytes.count, chunk)
            guard let n = readSome(fd, into: &scratch, count: want) else { return [] }
            if n == 0 { break }
            bytes.append(contentsOf: scratch[0..<n])
        }
        return bytes
    }

    /// Up to `count` bytes from `fd` (fewer at its end); nil when a read fails.
    private static func readUpTo(_ fd: Int32, count: Int) -> [UInt8]? {
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var filled = 0
            defer { initialized = filled }
            while filled < count {
                let n = Glibc.read(fd, buffer.baseAddress! + filled, count - filled)
                if n < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    return
                }
                if n == 0 { return }
                filled += n
            }
        }
        return failed ? nil : bytes
    }

    /// One `read(2)` of at most `count` bytes into `buffer` (retried after EINTR): the
    /// number read, 0 at the end, nil on failure.
    private static func readSome(_ fd: Int32, into buffer: inout [UInt8], count: Int) -> Int? {
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, count) }
            if n >= 0 { return n }
            if errno != EINTR { return nil }
        }
    }
}
