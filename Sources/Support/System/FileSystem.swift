#if canImport(Glibc)
import Glibc
#endif

/// The file system through POSIX calls, for the reader's hot paths (opening a book, state
/// and cache files), which must not run Foundation's `FileManager`, `FileHandle`, `URL`
/// and `Data` (their code would be paged in for every session; docs/PERFORMANCE.md,
/// "Foundation off the reading path"). Paths are plain strings.
public enum FileSystem {
    /// What `stat(2)` says about a path (symbolic links followed).
    public struct Status: Equatable, Sendable {
        /// The size in bytes.
        public let size: Int
        /// The last modification, seconds since 1970.
        public let modifiedSeconds: Int
        /// The nanoseconds of the last modification.
        public let modifiedNanoseconds: Int
        /// Whether it is a folder.
        public let isDirectory: Bool
        /// Whether it is a regular file.
        public let isRegularFile: Bool
    }

    /// The status of `path`, or nil when it does not exist or cannot be examined.
    public static func status(_ path: String) -> Status? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let kind = info.st_mode & S_IFMT
        return Status(size: Int(info.st_size), modifiedSeconds: Int(info.st_mtim.tv_sec),
                      modifiedNanoseconds: Int(info.st_mtim.tv_nsec),
                      isDirectory: kind == S_IFDIR, isRegularFile: kind == S_IFREG)
    }

    /// Whether anything exists at `path`.
    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Whether `path` is an existing folder.
    public static func isDirectory(_ path: String) -> Bool { status(path)?.isDirectory == true }

    /// The size of the file at `path`, or nil.
    public static func size(_ path: String) -> Int? { status(path)?.size }

    /// The size of the directory entry at `path` — a symbolic link's own, not its target's
    /// (`lstat(2)`) — or nil: what Foundation's `attributesOfItem(atPath:)[.size]` gave, kept
    /// where a recorded size (library entries) or an estimate (cache build jobs, an EPUB's
    /// reservation) must stay what it was.
    public static func entrySize(_ path: String) -> Int? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// The whole file at `path`; throws when it cannot be opened or read, or (with `limit`)
    /// when it is larger than `limit` bytes.
    public static func read(_ path: String, limit: Int = .max) throws -> [UInt8] {
        try withOpenFile(path) { fd in
            var info = stat()
            let expected = fstat(fd, &info) == 0 ? Int(info.st_size) : 0
            if expected > limit { throw SystemError(path: path, reason: "larger than \(limit) bytes") }
            return try readAll(fd, path: path, expected: expected, limit: limit)
        }
    }

    /// At most the first `count` bytes of the file at `path`. The buffer is sized by the
    /// file, not by `count`: a large `count` (a limit) allocates nothing extra — a
    /// multi-megabyte block freed would raise glibc's mmap threshold for the whole session.
    public static func readPrefix(_ path: String, count: Int) throws -> [UInt8] {
        try withOpenFile(path) { fd in
            var info = stat()
            let expected = fstat(fd, &info) == 0 ? Int(info.st_size) : 0
            var bytes = try readUpTo(fd, count: min(count, max(expected, 0)), path: path)
            while bytes.count < count {   // files /proc reports as empty, or that grew
                let more = try readUpTo(fd, count: min(count - bytes.count, 65_536), path: path)
                if more.isEmpty { break }
                bytes += more
            }
            return bytes
        }
    }

    /// The names in folder `path` (not "." or ".."), in the order the system lists them.
    public static func contentsOfDirectory(_ path: String) throws -> [String] {
        guard let dir = opendir(path) else { throw SystemError(path: path) }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Creates folder `path` and its missing parents with `mode`; an existing folder is fine.
    public static func createDirectory(_ path: String, mode: mode_t = 0o700) throws {
        if isDirectory(path) { return }
        let parent = FilePath.parent(path)
        if parent != path && !parent.isEmpty && !isDirectory(parent) { try createDirectory(parent, mode: mode) }
        if mkdir(path, mode) != 0 && !(errno == EEXIST && isDirectory(path)) { throw SystemError(path: path) }
    }

    /// Removes the file (or empty folder) at `path`.
    public static func remove(_ path: String) throws {
        if unlink(path) == 0 { return }
        if errno == EISDIR || errno == EPERM, rmdir(path) == 0 { return }
        throw SystemError(path: path)
    }

    /// Renames `source` to `target`, replacing it.
    public static func rename(_ source: String, to target: String) throws {
        guard Glibc.rename(source, target) == 0 else { throw SystemError(path: source) }
    }
}
