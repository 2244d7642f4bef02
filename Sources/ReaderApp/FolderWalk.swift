import Glibc
import Support

/// The regular files under a folder, found as Foundation's
/// `FileManager.enumerator(at:includingPropertiesForKeys:options: [.skipsHiddenFiles])` with
/// an `isRegularFile` check found them (an `fts` walk, `FTS_PHYSICAL | FTS_XDEV`), which
/// `reader add` used:
///
/// * a name whose first character is "." is left out, and so is everything under it (a
///   "." with a combining mark after it is another character: that name is not hidden);
/// * symbolic links are never followed — neither into folders nor to files (a link to a
///   book is not a regular file), and a root that is a link to a folder yields nothing;
/// * folders on another file system than the root's (mount points) are not entered, nor
///   a folder that is one of its own ancestors (a bind mount loop);
/// * folders that cannot be read, and entries that cannot be examined, are skipped silently
///   (the enumerator had no error handler).
///
/// Files come in the order the system lists them (the caller sorts).
enum FolderWalk {
    /// Calls `visit` with the path of each regular file under `root` (`root` joined with
    /// the names, no "." or ".." in them).
    static func regularFiles(under root: String, _ visit: (String) -> Void) {
        guard let top = Entry(root), top.isFolder else { return }
        var ancestors = [top.identity]
        walk(root, device: top.device, ancestors: &ancestors, visit)
    }

    private static func walk(_ folder: String, device: dev_t, ancestors: inout [Entry.Identity], _ visit: (String) -> Void) {
        guard let names = try? FileSystem.contentsOfDirectory(folder) else { return }
        for name in names where name.first != "." {
            let path = FilePath.join(folder, name)
            guard let entry = Entry(path) else { continue }
            if entry.isRegularFile {
                visit(path)
            } else if entry.isFolder && entry.device == device && !ancestors.contains(entry.identity) {
                ancestors.append(entry.identity)
                walk(path, device: device, ancestors: &ancestors, visit)
                ancestors.removeLast()
            }
        }
    }

    /// What `lstat(2)` says about a path (a symbolic link is itself, not its target).
    private struct Entry {
        /// A file's device and inode number: the same file, whatever the path.
        struct Identity: Equatable {
            let device: dev_t, inode: ino_t
        }

        let kind: mode_t
        let identity: Identity
        var device: dev_t { identity.device }
        var isFolder: Bool { kind == S_IFDIR }
        var isRegularFile: Bool { kind == S_IFREG }

        init?(_ path: String) {
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }
            kind = info.st_mode & S_IFMT
            identity = Identity(device: info.st_dev, inode: info.st_ino)
        }
    }
}
