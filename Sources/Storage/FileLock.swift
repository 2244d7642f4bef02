import Glibc
import Support

/// An exclusive advisory lock on a file (`flock`), for read-change-write updates of files
/// shared by several `reader` processes (the library, the reading statistics). The kernel
/// releases the lock when the holder closes the file or dies, so a `kill -9` never leaves
/// it held.
public enum FileLock {
    /// Runs `body` while holding an exclusive `flock` on `path` (created, mode 0600, with
    /// its folder). Throws `AtomicFile.WriteError` when the lock file cannot be opened or locked.
    public static func withExclusive<T>(_ path: String, _ body: () throws -> T) throws -> T {
        try Folder.create(FilePath.parent(path))
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw AtomicFile.WriteError(path: path, reason: AtomicFile.lastError()) }
        defer { close(fd) }   // closing releases the lock
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw AtomicFile.WriteError(path: path, reason: AtomicFile.lastError()) }
        }
        return try body()
    }
}
