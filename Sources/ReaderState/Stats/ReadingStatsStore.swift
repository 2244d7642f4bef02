import Storage
import Support

/// The reading statistics on disk, under `$XDG_STATE_HOME/reader/stats`: one JSON file per
/// book (`books/<key>.json`, `BookReadingStats`) and the learned speeds (`speeds.json`,
/// `SpeedSums`), shared by every book.
///
/// As `LibraryStore`: readers read without a lock (files are only replaced whole by
/// `AtomicFile`, so they — and a `kill -9` at any moment — see the old file or the new
/// one); `add` takes an exclusive `FileLock` on `stats/lock`, re-reads, adds the session's
/// delta and writes durably, so two readers saving at once lose nothing of each other's.
public struct ReadingStatsStore: Sendable {
    /// `<state>/stats`.
    public let folder: String

    /// The statistics under the state folder `stateFolder` (`XDGDirectories.state`).
    public init(stateFolder: String) {
        folder = FilePath.join(stateFolder, "stats")
    }

    /// The per-book folder.
    public var booksFolder: String { FilePath.join(folder, "books") }
    /// The speeds file.
    public var speedsPath: String { FilePath.join(folder, "speeds.json") }

    /// Largest statistics file read (4 MiB).
    public static let maxFileSize = 4 << 20

    /// The book `key`'s totals, nil when it has none (or its file is unreadable).
    public func load(key: String) -> BookReadingStats? {
        guard Self.isSafe(key) else { return nil }
        return Self.decode(BookReadingStats.self, at: bookPath(key))
    }

    /// Every book's totals, most recently read first.
    public func loadAll() -> [BookReadingStats] {
        let names = (try? FileSystem.contentsOfDirectory(booksFolder)) ?? []
        let books = names.filter { $0.hasSuffix(".json") && !AtomicFile.isTemporary($0) }
            .compactMap { Self.decode(BookReadingStats.self, at: FilePath.join(booksFolder, $0)) }
        return books.sorted { ($0.lastRead ?? 0, $1.key) > ($1.lastRead ?? 0, $0.key) }
    }

    /// The learned speeds (empty when none yet).
    public func speeds() -> SpeedSums {
        Self.decode(SpeedSums.self, at: speedsPath) ?? SpeedSums()
    }

    /// Adds a session's `delta` to the book `key` and to the speeds, under the lock.
    /// Throws `AtomicFile.WriteError` when the folder or a file cannot be written.
    public func add(_ delta: ReadingStatsDelta, key: String) throws {
        guard !delta.isEmpty, Self.isSafe(key) else { return }
        try FileLock.withExclusive(FilePath.join(folder, "lock")) {
            AtomicFile.removeAbandonedTemporaries(in: booksFolder)
            AtomicFile.removeAbandonedTemporaries(in: folder)
            var book = Self.loadSettingAside(BookReadingStats.self, at: bookPath(key)) ?? BookReadingStats(key: key)
            book.add(delta)
            try Self.write(book, to: bookPath(key))
            if !delta.speed.isEmpty {
                var sums = Self.loadSettingAside(SpeedSums.self, at: speedsPath) ?? SpeedSums()
                sums.add(delta.speed)
                try Self.write(sums, to: speedsPath)
            }
        }
    }

    private func bookPath(_ key: String) -> String { FilePath.join(booksFolder, key + ".json") }

    /// A key that is a plain file name (content hashes are hex).
    static func isSafe(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D || ($0 >= 0x41 && $0 <= 0x5A) }
    }

    private static func decode<T: Decodable>(_ type: T.Type, at path: String) -> T? {
        guard let data = try? FileSystem.readPrefix(path, count: maxFileSize + 1), data.count <= maxFileSize else { return nil }
        return try? StateJSON.decode(T.self, from: data)
    }

    /// The file's value; a file that is there but unreadable (hand-edited, damaged) is
    /// moved aside as `<name>.corrupt` first, so the new totals do not overwrite it unseen.
    private static func loadSettingAside<T: Decodable>(_ type: T.Type, at path: String) -> T? {
        if let value = decode(type, at: path) { return value }
        guard FileSystem.exists(path) else { return nil }
        let aside = path + ".corrupt"
        try? FileSystem.remove(aside)
        try? FileSystem.rename(path, to: aside)
        return nil
    }

    private static func write<T: Encodable>(_ value: T, to path: String) throws {
        try AtomicFile.write(try StateJSON.encode(value, pretty: false), toPath: path, durable: true)
    }
}
