import Glibc
import Support

/// Replaces files so that a reader — or a crash or `kill -9` at any moment — sees the old
/// content or the new one, never a mix: the bytes go to a uniquely named temporary file
/// in the same folder (`.<name>.<pid>.<random>.tmp`), which is then renamed over the target.
///
/// `durable: true` (state files) also fsyncs the temporary file before the rename and the
/// folder after it, so the new content survives a power cut once `write` returns.
/// `durable: false` (caches) skips both: after a power cut the file may be short or
/// zero-filled, which a cache's own size field and checksums must reject. Concurrent
/// writers of one name each rename a complete file; the last one wins.
public enum AtomicFile {
    /// Why a write failed: the path concerned and the system's reason.
    public struct WriteError: Error, Equatable, CustomStringConvertible {
        /// The file or folder that could not be written.
        public let path: String
        /// The reason (`strerror`, or "cannot create folder").
        public let reason: String
        /// "<path>: <reason>".
        public var description: String { "\(path): \(reason)" }

        /// An error about `path`.
        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// Atomically replaces `folder/name` with `bytes`, creating the folder and its parents
    /// (mode 0700) as needed. The temporary file is removed if anything fails.
    public static func write(_ bytes: UnsafeRawBufferPointer, folder: String, name: String, durable: Bool) throws {
        try write(folder: folder, name: name, durable: durable) { fd in writeAll(bytes, to: fd) }
    }

    /// Atomically replaces `folder/name` with `pieces` written one after the other (see
    /// the raw-buffer form): a file made of separate buffers needs no joined copy.
    public static func write(pieces: [[UInt8]], folder: String, name: String, durable: Bool) throws {
        try write(folder: folder, name: name, durable: durable) { fd in
            for piece in pieces {
                if let failure = piece.withUnsafeBytes({ writeAll($0, to: fd) }) { return failure }
            }
            return nil
        }
    }

    /// The temporary file, `body` writing into it (returning the error, if any), the rename.
    private static func write(folder: String, name: String, durable: Bool, body: (Int32) -> String?) throws {
        try Folder.create(folder)
        let target = folder + "/" + name
        let temp = folder + "/" + temporaryName(for: name)
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw WriteError(path: temp, reason: lastError()) }
        var failure = body(fd)
        if failure == nil && durable && fsync(fd) != 0 { failure = lastError() }
        if close(fd) != 0 && failure == nil { failure = lastError() }
        if failure == nil && rename(temp, target) != 0 { failure = lastError() }
        if let failure {
            unlink(temp)
            throw WriteError(path: target, reason: failure)
        }
        if durable { syncFolder(folder) }
    }

    /// Atomically replaces `folder/name` with `bytes` (see the raw-buffer form).
    public static func write(_ bytes: [UInt8], folder: String, name: String, durable: Bool) throws {
        try bytes.withUnsafeBytes { raw in try write(raw, folder: folder, name: name, durable: durable) }
    }

    /// Atomically replaces the file at `path` with `bytes` (see the raw-buffer form).
    public static func write(_ bytes: [UInt8], toPath path: String, durable: Bool) throws {
        try write(bytes, folder: FilePath.parent(path), name: FilePath.lastComponent(path), durable: durable)
    }

    /// A fresh temporary name for `name`: `.<name>.<pid>.<random>.tmp`.
    public static func temporaryName(for name: String) -> String {
        ".\(name).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp"
    }

    /// Whether a file name is one of `temporaryName(for:)`'s.
    public static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(".") && name.hasSuffix(".tmp")
    }

    /// Removes temporary files left in `folder` by writers that were killed between
    /// creating and renaming them. Only files whose writer process no longer exists are
    /// removed, so a concurrent writer's file is never touched.
    public static func removeAbandonedTemporaries(in folder: String) {
        guard let names = try? FileSystem.contentsOfDirectory(folder) else { return }
        for name in names where isTemporary(name) {
            let parts = name.split(separator: ".")
            // ["<name>", "json", "<pid>", "<random>", "tmp"]: the pid is third from the end.
            guard parts.count >= 4, let pid = Int32(parts[parts.count - 3]), pid > 0 else { continue }
            if kill(pid, 0) == -1 && errno == ESRCH {
                unlink(FilePath.join(folder, name))
            }
        }
    }

    /// Writes every byte (retrying after EINTR and short writes); the error, if any.
    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> String? {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return lastError()
            }
            offset += n
        }
        return nil
    }

    /// Makes a rename in `folder` durable (best effort: a folder that cannot be opened is
    /// not an error, the file itself is already written).
    private static func syncFolder(_ folder: String) {
        let dfd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 {
            fsync(dfd)
            close(dfd)
        }
    }

    /// The system's reason for the last failure (`strerror(errno)`).
    public static func lastError() -> String { String(cString: strerror(errno)) }
}
