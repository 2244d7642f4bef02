import Storage
import Support
import TextContent

/// Reads and writes per-book state under `$XDG_STATE_HOME/reader`.
///
/// Layout: `books/<key>.json` (one `BookState` per book, so a damaged file can only
/// affect its own book) and `last-book` (the path of the last book opened). Every write is
/// atomic and durable (`AtomicFile` with fsync of the file and the folder). Concurrency
/// rule: two instances on the same book do not corrupt anything — the last writer wins.
public struct StateStore: Sendable {
    /// The state folder.
    public let folder: String

    /// The store in state folder `folder`.
    public init(folder: String) {
        self.folder = folder
    }

    private var books: String { FilePath.join(folder, "books") }

    private func path(forKey key: String) -> String {
        let safe = key.filter { $0.isHexDigit || $0 == "-" }
        return FilePath.join(books, "\(safe).json")
    }

    /// Result of loading a book's state.
    public enum LoadResult: Equatable {
        /// No state yet.
        case none
        /// The saved state.
        case found(BookState)
        /// The file exists but cannot be used (hand-edited, truncated…): it is set aside as
        /// `<name>.corrupt` and the reader starts afresh; the message says so.
        case recovered(warning: String)
    }

    /// Largest state file that is read (a hand-edited or damaged file can be anything).
    public static let maxFileSize = 4 << 20

    /// Loads the state of the book with content key `key`. Bookmarks with negative
    /// positions are dropped and labels are sanitised (a hand-edited file may hold anything);
    /// positions past the end of the book are the caller's to clamp.
    public func load(key: String) -> LoadResult {
        let path = path(forKey: key)
        AtomicFile.removeAbandonedTemporaries(in: books)
        guard FileSystem.exists(path) else { return .none }
        let data = (try? FileSystem.readPrefix(path, count: Self.maxFileSize + 1)) ?? []
        if data.count <= Self.maxFileSize, var state = try? StateJSON.decode(BookState.self, from: data), state.key == key,
           state.position.offset >= 0, state.position.chapter >= 0 {
            state.bookmarks = state.bookmarks.filter { $0.position.offset >= 0 && $0.position.chapter >= 0 }
                .map { Bookmark(position: $0.position, label: TextSanitizer.sanitizeLabel($0.label), created: $0.created) }
            state.jumps = state.jumps.map { Array($0.filter { $0.offset >= 0 && $0.chapter >= 0 }.suffix(100)) }
            state.title = TextSanitizer.sanitizeLabel(state.title)
            return .found(state)
        }
        let aside = path + ".corrupt"
        try? FileSystem.remove(aside)
        try? FileSystem.rename(path, to: aside)
        return .recovered(warning: "\(path): unreadable reading state set aside as \(FilePath.lastComponent(aside)); starting at the beginning")
    }

    /// The most recently updated state last opened from `path` under another key than
    /// `key`: the same file before it was edited (a new edition, a fixed typo), whose
    /// highlights, bookmarks and place can be carried over. Reads every state file (small
    /// JSON files; this runs only when a book is opened for the first time).
    public func latestState(lastPath path: String, otherThan key: String) -> BookState? {
        guard let names = try? FileSystem.contentsOfDirectory(books) else { return nil }
        // The file's name appears as it is in the JSON unless it has characters JSON escapes.
        let name = FilePath.lastComponent(path)
        let probe = name.contains(where: { $0 == "\"" || $0 == "\\" || $0.asciiValue.map { $0 < 0x20 } == true }) ? nil : name
        var best: BookState?
        for file in names where file.hasSuffix(".json") && file != "\(key).json" {
            guard let data = try? FileSystem.read(FilePath.join(books, file), limit: Self.maxFileSize),
                  probe.map({ String(decoding: data, as: UTF8.self).containsBytes($0) }) ?? true,
                  let state = try? StateJSON.decode(BookState.self, from: data),
                  state.lastPath == path, state.key != key, state.updated >= (best?.updated ?? -.infinity) else { continue }
            best = state
        }
        return best
    }

    /// Saves a book's state atomically and durably; throws `AtomicFile.WriteError`.
    public func save(_ state: BookState) throws {
        try AtomicFile.write(try StateJSON.encode(state, pretty: true), toPath: path(forKey: state.key), durable: true)
    }

    /// The last book opened, if recorded and still present.
    public func lastBook() -> String? {
        guard let data = try? FileSystem.readPrefix(FilePath.join(folder, "last-book"), count: 1 << 16),
              data.count < 1 << 16, let text = String(validating: data, as: UTF8.self) else { return nil }
        let path = text.trimmingNewlines()
        return path.isEmpty ? nil : path
    }

    /// Records the last book opened.
    public func setLastBook(_ path: String) throws {
        try AtomicFile.write(Array((path + "\n").utf8), toPath: FilePath.join(folder, "last-book"), durable: true)
    }
}

private extension String {
    /// Without the newlines (as `Character.isNewline` says) at its two ends, as Foundation's
    /// `trimmingCharacters(in: .newlines)` did.
    func trimmingNewlines() -> String {
        guard let first = firstIndex(where: { !$0.isNewline }), let last = lastIndex(where: { !$0.isNewline }) else { return "" }
        return String(self[first...last])
    }
}
