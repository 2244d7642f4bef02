import Glibc

/// The bytes of an FB2 document as libxml2 reads them: from a file descriptor in chunks
/// (the document is never held in memory whole: a 50 MB `<binary>` streams through), or
/// from memory (a zip entry, the fuzz target). At most `limit` bytes are handed out; past
/// it the read fails and `limitHit` says so.
final class FB2Source {
    private let fd: Int32
    private let memory: [UInt8]
    private var offset = 0
    private let limit: Int
    /// More than `limit` bytes were offered.
    private(set) var limitHit = false
    /// The `errno` of a failed read, or 0.
    private(set) var readError: Int32 = 0

    /// Reads the open descriptor `fd` (the caller closes it).
    init(fd: Int32, limit: Int) {
        self.fd = fd
        self.memory = []
        self.limit = limit
    }

    /// Reads `bytes`.
    init(bytes: [UInt8], limit: Int) {
        self.fd = -1
        self.memory = bytes
        self.limit = limit
    }

    /// Fills `buffer` with up to `count` bytes: the count read, 0 at the end, -1 on an error.
    func read(into buffer: UnsafeMutablePointer<CChar>, count: Int) -> Int32 {
        guard count > 0 else { return 0 }
        if fd < 0 {
            let n = min(count, memory.count - offset)
            guard n > 0 else { return 0 }
            memory.withUnsafeBufferPointer { src in
                UnsafeMutableRawPointer(buffer).copyMemory(from: src.baseAddress! + offset, byteCount: n)
            }
            offset += n
            return Int32(n)
        }
        while true {
            let r = Glibc.read(fd, buffer, count)
            if r < 0 && errno == EINTR { continue }
            if r < 0 { readError = errno; return -1 }
            offset += r
            if offset > limit { limitHit = true; return -1 }
            return Int32(r)
        }
    }
}
