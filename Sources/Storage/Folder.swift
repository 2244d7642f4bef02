import Support

/// The reader's private folders.
public enum Folder {
    /// Creates `path` and its missing parents with mode 0700 (only the user may look in).
    /// An existing folder — also one another thread or process creates meanwhile — is fine.
    public static func create(_ path: String) throws {
        if isFolder(path) { return }
        do {
            try FileSystem.createDirectory(path, mode: 0o700)
        } catch {
            if isFolder(path) { return }
            throw AtomicFile.WriteError(path: path, reason: "cannot create folder")
        }
    }

    /// Whether `path` is an existing folder.
    public static func isFolder(_ path: String) -> Bool {
        FileSystem.isDirectory(path)
    }
}
