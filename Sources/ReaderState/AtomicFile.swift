import Foundation

/// Writes files so that a crash or `kill -9` at any moment leaves either the old or the
/// new content: write a temporary file in the same folder, fsync it, rename it over the
/// target, fsync the folder.
public enum AtomicFile {
    /// Errors writing state.
    public struct WriteError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// Atomically replaces `url` with `data`, creating parent folders (mode 0700) as needed.
    public static func write(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw WriteError(path: folder.path, reason: "cannot create folder")
        }
        let temp = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let fd = open(temp.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw WriteError(path: temp.path, reason: String(cString: strerror(errno))) }
        var ok = true
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 { if errno == EINTR { continue }; ok = false; break }
                offset += n
            }
        }
        if ok && fsync(fd) != 0 { ok = false }
        let reason = String(cString: strerror(errno))
        close(fd)
        guard ok, rename(temp.path, url.path) == 0 else {
            unlink(temp.path)
            throw WriteError(path: url.path, reason: ok ? String(cString: strerror(errno)) : reason)
        }
        let dfd = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 { fsync(dfd); close(dfd) }
    }

    /// Removes temporary files (`.<name>.<pid>.<random>.tmp`) left in `folder` by writers
    /// that were killed between creating and renaming them. Only files whose writer process
    /// no longer exists are removed, so a concurrent writer's file is never touched.
    public static func removeAbandonedTemporaries(in folder: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            let parts = name.split(separator: ".")
            // ["<name>", "json", "<pid>", "<random>", "tmp"]: the pid is third from the end.
            guard parts.count >= 4, let pid = Int32(parts[parts.count - 3]), pid > 0 else { continue }
            if kill(pid, 0) == -1 && errno == ESRCH {
                unlink(folder.appendingPathComponent(name).path)
            }
        }
    }
}
