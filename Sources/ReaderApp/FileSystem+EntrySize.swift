import Glibc
import Support

extension FileSystem {
    /// The size of the directory entry at `path` — a symbolic link's own, not its
    /// target's (`lstat(2)`) — or nil: what Foundation's `attributesOfItem(atPath:)[.size]`
    /// gave the library entries, kept so that their `fileSize` stays what it was.
    static func entrySize(_ path: String) -> Int? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }
}
