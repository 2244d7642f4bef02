import Glibc
import Storage
import Support

/// Content keys (`ContentHash`) of book files already hashed, remembered by the file's
/// identity so that opening a book again does not read and hash all of it (6.6 MB for
/// War and Peace as UTF-16: ~9% of a warm `dump`).
///
/// The identity is the device, inode, size and the modification and status-change times
/// to the nanosecond; any write to the file, a `touch`, a rename over it or a copy gives
/// a new identity and so a fresh hash. One tiny file per identity in `<cache>/keys/`,
/// named by the identity's digest and holding the key; written atomically (not durably:
/// a damaged entry is rejected and hashed again). Git's racy-clean rule: a file changed
/// less than `settleSeconds` ago is hashed but not remembered, since a second write within
/// the clock's granularity could keep the same times.
public struct ContentKeyMemo: Sendable {
    /// How old a file's times must be before its key is remembered.
    public static let settleSeconds: Int = 2
    /// The most entries kept: storing one more removes the oldest quarter.
    public static let maxEntries = 4096
    /// The folder holding the entries.
    public let folder: String

    /// The memo under the cache root (`XDGDirectories.cache`).
    public init(cacheRoot: String) {
        folder = FilePath.join(cacheRoot, "keys")
    }

    /// The key of the file at `path`: remembered if its identity is, else hashed (and
    /// remembered when settled at `now`, seconds since 1970). Nil when it cannot be read
    /// or is not a regular file.
    public func key(ofFile path: String, now: time_t = time(nil)) -> String? {
        guard let before = Identity(path: path) else { return nil }
        if let known = recalled(before) { return known }
        guard let key = ContentHash.ofFile(path) else { return nil }
        if let after = Identity(path: path), after == before, after.isSettled(now: now) {
            try? AtomicFile.write(Array(key.utf8), folder: folder, name: after.name, durable: false)
            trim()
        }
        return key
    }

    /// Keeps at most `maxEntries`: past it, removes the least recently written quarter.
    /// Runs only after a fresh hash, so its directory listing costs nothing on a warm open.
    func trim(limit: Int = ContentKeyMemo.maxEntries) {
        let names = (try? FileSystem.contentsOfDirectory(folder)) ?? []
        guard names.count > limit else { return }
        let aged = names.map { name -> (String, Int) in
            var st = stat()
            return (name, stat(folder + "/" + name, &st) == 0 ? Int(st.st_mtim.tv_sec) : 0)
        }.sorted { $0.1 < $1.1 }
        for (name, _) in aged.prefix(names.count - limit * 3 / 4) {
            try? FileSystem.remove(folder + "/" + name)
        }
    }

    /// Removes every entry (and leftover temporary file); returns how many entries.
    @discardableResult public func clear() -> Int {
        let names = (try? FileSystem.contentsOfDirectory(folder)) ?? []
        var removed = 0
        for name in names where (try? FileSystem.remove(folder + "/" + name)) != nil {
            if !AtomicFile.isTemporary(name) { removed += 1 }
        }
        return removed
    }

    /// The remembered key of `identity`, if an entry exists and is well-formed for its size.
    func recalled(_ identity: Identity) -> String? {
        guard let data = try? FileSystem.readPrefix(folder + "/" + identity.name, count: 64),
              data.count < 64, let text = String(validating: data, as: UTF8.self) else { return nil }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 16, parts[0].allSatisfy(\.isHexDigit),
              parts[1] == String(identity.size, radix: 16) else { return nil }
        return text
    }

    /// What tells one version of a file from another without reading it.
    struct Identity: Equatable {
        var device: UInt64, inode: UInt64, size: Int
        var modified: timespec, changed: timespec

        /// The identity of the regular file at `path`, or nil.
        init?(path: String) {
            var st = stat()
            guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
            device = UInt64(st.st_dev)
            inode = UInt64(st.st_ino)
            size = Int(st.st_size)
            modified = st.st_mtim
            changed = st.st_ctim
        }

        /// Whether both times are at least `settleSeconds` before `now`.
        func isSettled(now: time_t) -> Bool {
            max(modified.tv_sec, changed.tv_sec) + ContentKeyMemo.settleSeconds <= now
        }

        /// The entry's file name: the identity's digest in hex.
        var name: String {
            var d = Digest()
            for v in [device, inode, UInt64(size), UInt64(bitPattern: Int64(modified.tv_sec)), UInt64(modified.tv_nsec),
                      UInt64(bitPattern: Int64(changed.tv_sec)), UInt64(changed.tv_nsec)] { d.mix(v) }
            return d.hex
        }

        static func == (a: Identity, b: Identity) -> Bool {
            a.device == b.device && a.inode == b.inode && a.size == b.size
                && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
                && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
        }
    }
}
