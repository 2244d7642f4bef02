import Support

/// The library as a value: its entries, and the operations `reader add`, the reader and
/// the bookshelf apply to it (each under `LibraryStore.update`'s lock).
public struct Library: Codable, Hashable, Sendable {
    /// Format version of the file.
    public var version: Int = 1
    /// The entries, in no particular order (listings sort them).
    public var entries: [LibraryEntry]

    /// A library of `entries`.
    public init(entries: [LibraryEntry] = []) {
        self.entries = entries
    }

    /// What `add` did.
    public enum AddResult: Equatable, Sendable {
        /// A new entry.
        case added
        /// An entry with the same content hash was there: its path and metadata were updated.
        case updated
        /// The same entry was there already, unchanged.
        case unchanged
    }

    /// Adds `entry`, or, when an entry has its content hash (the file moved, or was added
    /// again), updates that entry's path and metadata, keeping its dates and progress —
    /// unless its file is still there (`fileExists`): a copy elsewhere is the same book,
    /// and the entry stays as it is, so adding both again changes nothing. An entry of
    /// another content at the same path (the file was replaced) is removed.
    @discardableResult
    public mutating func add(_ entry: LibraryEntry,
                             fileExists: (String) -> Bool = { FileSystem.exists($0) }) -> AddResult {
        entries.removeAll { $0.path == entry.path && $0.key != entry.key }
        guard let i = entries.firstIndex(where: { $0.key == entry.key }) else {
            entries.append(entry)
            return .added
        }
        var merged = entries[i]
        // A copy elsewhere of a file still there: the entry keeps describing the file it has.
        if merged.path == entry.path || !fileExists(merged.path) {
            merged.path = entry.path
            merged.title = entry.title
            merged.authors = entry.authors
            merged.language = entry.language
            merged.format = entry.format
            merged.fileSize = entry.fileSize
        }
        if let opened = entry.lastOpened { merged.lastOpened = max(opened, merged.lastOpened ?? opened) }
        if entry.textBytes != nil { merged.textBytes = entry.textBytes }
        if merged == entries[i] { return .unchanged }
        entries[i] = merged
        return .updated
    }

    /// Records that the book `entry` was opened now, at `progress`: added if new.
    /// The path becomes the one opened.
    public mutating func recordOpened(_ entry: LibraryEntry, progress: Double, at time: Double) {
        add(entry, fileExists: { _ in false })
        setProgress(key: entry.key, progress, at: time)
    }

    /// Sets the progress (clamped to 0…1) and the last-opened time of the entry `key`.
    public mutating func setProgress(key: String, _ progress: Double, at time: Double) {
        guard let i = entries.firstIndex(where: { $0.key == key }) else { return }
        entries[i].progress = min(1, max(0, progress.isFinite ? progress : 0))
        entries[i].lastOpened = time
    }

    /// Removes the entry `key` from the list (the file is never touched). Returns whether it was there.
    @discardableResult
    public mutating func remove(key: String) -> Bool {
        let before = entries.count
        entries.removeAll { $0.key == key }
        return entries.count != before
    }

    /// The entry `key`.
    public func entry(key: String) -> LibraryEntry? { entries.first { $0.key == key } }

    /// The entries in `order`.
    public func sorted(by order: LibrarySort) -> [LibraryEntry] {
        entries.sorted(by: order.areInOrder)
    }

    /// Whether `entry`'s title or an author contains `query` (ignoring case and
    /// diacritics as `LibraryFolding` says; an empty query matches everything).
    public static func matches(_ entry: LibraryEntry, query: String) -> Bool {
        if query.isEmpty { return true }
        let folded = LibraryFolding.folded(query)
        return LibraryFolding.contains(entry.title, folded: folded)
            || entry.authors.contains { LibraryFolding.contains($0, folded: folded) }
    }
}
