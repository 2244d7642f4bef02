import Storage
import Support
import TextContent

/// The library on disk: `$XDG_STATE_HOME/reader/library/library.json`, one JSON file
/// holding every entry.
///
/// Readers read the file without a lock (it is only ever replaced whole, by `AtomicFile`'s
/// rename, so a reader — or a `kill -9` at any moment — sees the old file or the new one).
/// Writers go through `update`: an exclusive `flock` on `library/lock`, read, change,
/// durable atomic write, unlock; so two `reader` processes adding or opening books at the
/// same time never lose each other's entries. The lock is released by the kernel when a
/// writer dies.
public struct LibraryStore: Sendable {
    /// The library folder (`<state>/library`).
    public let folder: String

    /// The library under the state folder `stateFolder` (`XDGDirectories.state`).
    public init(stateFolder: String) {
        folder = FilePath.join(stateFolder, "library")
    }

    /// The library file.
    public var filePath: String { FilePath.join(folder, "library.json") }

    /// Largest library file that is read (64 MiB: some 200,000 entries).
    public static let maxFileSize = 64 << 20

    /// The library; empty when there is none yet. A damaged file (hand-edited…) is set
    /// aside as `library.json.corrupt` and `warning` says so.
    public func load() -> (library: Library, warning: String?) {
        guard FileSystem.exists(filePath) else { return (Library(), nil) }
        let data = (try? FileSystem.readPrefix(filePath, count: Self.maxFileSize + 1)) ?? []
        if data.count <= Self.maxFileSize, let library = try? StateJSON.decode(Library.self, from: data) {
            return (Self.sanitized(library), nil)
        }
        let aside = filePath + ".corrupt"
        try? FileSystem.remove(aside)
        try? FileSystem.rename(filePath, to: aside)
        return (Library(), "\(filePath): unreadable library set aside as \(FilePath.lastComponent(aside))")
    }

    /// Titles and authors as one safe line each (a hand-edited file may hold anything).
    static func sanitized(_ library: Library) -> Library {
        var library = library
        library.entries = library.entries.map {
            var e = $0
            e.title = TextSanitizer.sanitizeLabel(e.title)
            e.authors = e.authors.map(TextSanitizer.sanitizeLabel)
            e.progress = min(1, max(0, e.progress.isFinite ? e.progress : 0))
            return e
        }
        return library
    }

    /// Changes the library under the lock: reads the current file, applies `change`,
    /// writes the result durably and atomically (only if it changed). Returns `change`'s result.
    /// Throws `AtomicFile.WriteError` when the folder or file cannot be written.
    @discardableResult
    public func update<T>(_ change: (inout Library) throws -> T) throws -> T {
        try FileLock.withExclusive(FilePath.join(folder, "lock")) {
            AtomicFile.removeAbandonedTemporaries(in: folder)
            let before = load().library
            var library = before
            let result = try change(&library)
            if library != before { try write(library) }
            return result
        }
    }

    /// Writes `library` (caller holds the lock).
    private func write(_ library: Library) throws {
        try AtomicFile.write(try StateJSON.encode(library, pretty: false), toPath: filePath, durable: true)
    }
}
