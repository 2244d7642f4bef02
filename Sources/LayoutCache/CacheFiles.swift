import Glibc
import Storage

/// Every system call of the layout and content caches, in one place: whole-file reads,
/// atomic writes (through `AtomicFile`), directory listings, removal and the LRU time stamp.
enum CacheFiles {
    /// A file as it was read: its path and inode, so it is removed only if still the same file.
    struct Identity: Sendable, Hashable {
        var path: String
        var device: UInt64
        var inode: UInt64
    }

    /// One regular file of the cache folder.
    struct Entry: Sendable, Hashable {
        var name: String
        var size: Int
        /// Modification time in nanoseconds since 1970 (the LRU clock).
        var modified: Int64
    }

    /// A book key reduced to a file-name stem: only `[0-9a-z-]`, at most 64 characters,
    /// "book" if nothing is left. Names the files of both caches.
    static func safeName(_ bookKey: String) -> String {
        let s = String(bookKey.unicodeScalars.filter { ("0"..."9").contains($0) || ("a"..."z").contains($0) || $0 == "-" }
            .map(Character.init))
        return s.isEmpty ? "book" : String(s.prefix(64))
    }

    /// Files larger than this are not cache files (and not worth reading).
    static let maxFileSize = 1 << 30

    /// Reads a whole file with one `read` (more only if the kernel returns short reads).
    /// Reading rather than mapping: a file truncated by someone else can then never raise
    /// SIGBUS — a damaged file just fails its checks.
    static func read(_ path: String) -> (bytes: [UInt8], identity: Identity)? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_size >= 0, Int(st.st_size) <= maxFileSize else {
            return nil
        }
        let size = Int(st.st_size)
        var got = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            prefault(UnsafeMutableRawBufferPointer(buffer))
            while got < size {
                let n = Glibc.read(fd, buffer.baseAddress! + got, size - got)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                got += n
            }
            count = got
        }
        guard got == size else { return nil }
        return (bytes, Identity(path: path, device: UInt64(st.st_dev), inode: UInt64(st.st_ino)))
    }

    /// Asks the kernel to back a big fresh buffer with pages in one call
    /// (`MADV_POPULATE_WRITE`, Linux 5.14) instead of one page fault a page as `read` fills
    /// it: a 2.7 MB content file has ~660 pages. Older kernels refuse; the faults happen then.
    private static func prefault(_ buffer: UnsafeMutableRawBufferPointer) {
        guard buffer.count >= 1 << 20, let base = buffer.baseAddress else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (Int(bitPattern: base) + page - 1) / page * page
        let end = (Int(bitPattern: base) + buffer.count) / page * page
        guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(pointer, end - start, 23 /* MADV_POPULATE_WRITE */)
    }

    /// Atomically replaces `folder/name` with `bytes` (`AtomicFile`, not durable): readers
    /// see the old file or the new one, never a mix; concurrent writers of the same name
    /// each rename a complete file (the last one wins). No fsync: after a power cut a file
    /// may be short or zero-filled, which its size field and checksums reject — it is a cache.
    static func writeAtomically(_ bytes: [UInt8], folder: String, name: String) throws {
        do {
            try AtomicFile.write(bytes, folder: folder, name: name, durable: false)
        } catch let error as AtomicFile.WriteError {
            throw LayoutCacheError.cannotWrite(path: error.path, reason: error.reason)
        }
    }

    /// `writeAtomically` for a file made of separate buffers, written one after the other.
    static func writeAtomically(pieces: [[UInt8]], folder: String, name: String) throws {
        do {
            try AtomicFile.write(pieces: pieces, folder: folder, name: name, durable: false)
        } catch let error as AtomicFile.WriteError {
            throw LayoutCacheError.cannotWrite(path: error.path, reason: error.reason)
        }
    }

    /// Regular files of `folder` (none if it does not exist).
    static func list(_ folder: String) -> [Entry] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        let dfd = dirfd(dir)
        var entries: [Entry] = []
        while let ent = readdir(dir) {
            let name = withUnsafePointer(to: ent.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            var st = stat()
            guard fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0, (st.st_mode & S_IFMT) == S_IFREG else { continue }
            let modified = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
            entries.append(Entry(name: name, size: Int(st.st_size), modified: modified))
        }
        return entries
    }

    /// Marks a file as just used: sets its modification time to now (the LRU clock; mtime,
    /// not atime, because atime is often not updated — `relatime`, `noatime`).
    static func touch(_ path: String) {
        _ = utimensat(AT_FDCWD, path, nil, 0)
    }

    /// Sets a file's modification time (tests and tools).
    static func setModified(_ path: String, nanoseconds: Int64) {
        let t = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var times = [t, t]
        _ = utimensat(AT_FDCWD, path, &times, 0)
    }

    /// Removes a file; false if it was not there or could not be removed.
    @discardableResult
    static func remove(_ path: String) -> Bool { unlink(path) == 0 }

    /// Removes the least recently used `fileExtension` files of `folder` (oldest
    /// modification time first) until their total is within `maxBytes`, never removing
    /// `protecting`; also removes temporary files left by crashed writers (older than
    /// `LayoutCache.staleTemporaryAge`). Returns the number of cache files removed. Shared
    /// by `LayoutCache` and `ContentCache`, each on its own folder and extension.
    @discardableResult
    static func evict(folder: String, fileExtension: String, maxBytes: Int, protecting: String?) -> Int {
        let entries = list(folder)
        let current = now()
        for e in entries where AtomicFile.isTemporary(e.name) && current - e.modified > LayoutCache.staleTemporaryAge {
            remove(folder + "/" + e.name)
        }
        var files = entries.filter { $0.name.hasSuffix(fileExtension) && !$0.name.hasPrefix(".") }
        var total = files.reduce(0) { $0 + $1.size }
        guard total > maxBytes else { return 0 }
        files.sort { ($0.modified, $0.name) < ($1.modified, $1.name) }
        var removed = 0
        for f in files where total > maxBytes && f.name != protecting {
            if remove(folder + "/" + f.name) { removed += 1 }
            total -= f.size
        }
        return removed
    }

    /// The `fileExtension` files of `folder` (not temporary ones).
    static func cacheFiles(folder: String, fileExtension: String) -> [Entry] {
        list(folder).filter { $0.name.hasSuffix(fileExtension) && !$0.name.hasPrefix(".") }
    }

    /// Removes every `fileExtension` file of `folder` and every leftover temporary file;
    /// returns the cache files (not temporary ones) removed and their bytes. Shared by
    /// `LayoutCache.clear` and `ContentCache.clear`.
    static func clear(folder: String, fileExtension: String) -> (files: Int, bytes: Int) {
        var files = 0, bytes = 0
        for e in list(folder) where e.name.hasSuffix(fileExtension) || AtomicFile.isTemporary(e.name) {
            if remove(folder + "/" + e.name), e.name.hasSuffix(fileExtension), !AtomicFile.isTemporary(e.name) {
                files += 1
                bytes += e.size
            }
        }
        return (files, bytes)
    }

    /// Removes the file at `identity.path` only if it is still the inode that was read
    /// (a concurrent writer may already have replaced it with a good file).
    static func removeIfUnchanged(_ identity: Identity) {
        var st = stat()
        guard stat(identity.path, &st) == 0, UInt64(st.st_dev) == identity.device, UInt64(st.st_ino) == identity.inode else {
            return
        }
        unlink(identity.path)
    }

    /// Now, in nanoseconds since 1970.
    static func now() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    static func lastError() -> String { String(cString: strerror(errno)) }
}
