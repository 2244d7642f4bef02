#if canImport(Glibc)
import Glibc
#endif

extension FileSystem {
    /// `body` with `path` open for reading; the descriptor is closed afterwards.
    static func withOpenFile<T>(_ path: String, _ body: (Int32) throws -> T) throws -> T {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SystemError(path: path) }
        defer { close(fd) }
        return try body(fd)
    }

    /// Everything left in `fd`, reading in one piece when the size is known (`expected`);
    /// throws past `limit` bytes (a file that grew while read).
    static func readAll(_ fd: Int32, path: String, expected: Int, limit: Int) throws -> [UInt8] {
        var bytes = try readUpTo(fd, count: min(limit, max(expected, 0)), path: path)
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {   // files /proc reports as empty, or that grew
            let n = try readSome(fd, into: &chunk, path: path)
            if n == 0 { return bytes }
            if bytes.count + n > limit { throw SystemError(path: path, reason: "larger than \(limit) bytes") }
            bytes.append(contentsOf: chunk[0..<n])
        }
    }

    /// Up to `count` bytes from `fd` (fewer at the end of the file).
    static func readUpTo(_ fd: Int32, count: Int, path: String) throws -> [UInt8] {
        var filled = 0
        let bytes = try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            defer { initialized = filled }
            while filled < count {
                let n = Glibc.read(fd, buffer.baseAddress! + filled, count - filled)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw SystemError(path: path)
                }
                if n == 0 { break }
                filled += n
            }
        }
        return bytes
    }

    /// One `read(2)` into `buffer` (retried after EINTR); the byte count, 0 at the end.
    private static func readSome(_ fd: Int32, into buffer: inout [UInt8], path: String) throws -> Int {
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if n >= 0 { return n }
            if errno != EINTR { throw SystemError(path: path) }
        }
    }
}
