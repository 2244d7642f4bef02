import Foundation
import Storage
import TextContent

/// Reads and writes per-book state under `$XDG_STATE_HOME/reader`.
///
/// Layout: `books/<key>.json` (one `BookState` per book, so a damaged file can only
/// affect its own book) and `last-book` (the path of the last book opened). Every write is
/// atomic and durable (`AtomicFile` with fsync of the file and the folder). Concurrency
/// rule: two instances on the same book do not corrupt anything — the last writer wins.
public struct StateStore: Sendable {
    /// The state folder.
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    private func url(forKey key: String) -> URL {
        let safe = key.filter { $0.isHexDigit || $0 == "-" }
        return folder.appendingPathComponent("books", isDirectory: true).appendingPathComponent("\(safe).json")
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
        let url = url(forKey: key)
        AtomicFile.removeAbandonedTemporaries(in: url.deletingLastPathComponent())
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return .none }
        let data = (try? handle.read(upToCount: Self.maxFileSize + 1)) ?? Data()
        try? handle.close()
        if data.count <= Self.maxFileSize, var state = try? JSONDecoder().decode(BookState.self, from: data), state.key == key,
           state.position.offset >= 0, state.position.chapter >= 0 {
            state.bookmarks = state.bookmarks.filter { $0.position.offset >= 0 && $0.position.chapter >= 0 }
                .map { Bookmark(position: $0.position, label: TextSanitizer.sanitizeLabel($0.label), created: $0.created) }
            state.jumps = state.jumps.map { Array($0.filter { $0.offset >= 0 && $0.chapter >= 0 }.suffix(100)) }
            state.title = TextSanitizer.sanitizeLabel(state.title)
            return .found(state)
        }
        let aside = url.appendingPathExtension("corrupt")
        try? FileManager.default.removeItem(at: aside)
        try? FileManager.default.moveItem(at: url, to: aside)
        return .recovered(warning: "\(url.path): unreadable reading state set aside as \(aside.lastPathComponent); starting at the beginning")
    }

    /// The most recently updated state last opened from `path` under another key than
    /// `key`: the same file before it was edited (a new edition, a fixed typo), whose
    /// highlights, bookmarks and place can be carried over. Reads every state file (small
    /// JSON files; this runs only when a book is opened for the first time).
    public func latestState(lastPath path: String, otherThan key: String) -> BookState? {
        let books = folder.appendingPathComponent("books", isDirectory: true)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: books.path) else { return nil }
        // The file's name appears as it is in the JSON unless it has characters JSON escapes.
        let name = URL(fileURLWithPath: path).lastPathComponent
        let probe = name.contains(where: { $0 == "\"" || $0 == "\\" || $0.asciiValue.map { $0 < 0x20 } == true }) ? nil : Data(name.utf8)
        var best: BookState?
        for file in names where file.hasSuffix(".json") && file != "\(key).json" {
            guard let data = try? Data(contentsOf: books.appendingPathComponent(file)), data.count <= Self.maxFileSize,
                  probe.map({ data.range(of: $0) != nil }) ?? true,
                  let state = try? JSONDecoder().decode(BookState.self, from: data),
                  state.lastPath == path, state.key != key, state.updated >= (best?.updated ?? -.infinity) else { continue }
            best = state
        }
        return best
    }

    /// Saves a book's state atomically and durably; throws `AtomicFile.WriteError`.
    public func save(_ state: BookState) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write(try encoder.encode(state), to: url(forKey: state.key), durable: true)
    }

    /// The last book opened, if recorded and still present.
    public func lastBook() -> String? {
        let url = folder.appendingPathComponent("last-book")
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return nil }
        let read = try? handle.read(upToCount: 1 << 16)
        try? handle.close()
        guard let data = read, data.count < 1 << 16,
              let path = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .newlines),
              !path.isEmpty else { return nil }
        return path
    }

    /// Records the last book opened.
    public func setLastBook(_ path: String) throws {
        try AtomicFile.write(Data((path + "\n").utf8), to: folder.appendingPathComponent("last-book"), durable: true)
    }
}
