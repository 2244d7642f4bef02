import Foundation

/// Reads and writes per-book state under `$XDG_STATE_HOME/reader`.
///
/// Layout: `books/<key>.json` (one `BookState` per book, so a damaged file can only
/// affect its own book) and `last-book` (the path of the last book opened). Every write is
/// atomic. Concurrency rule: two instances on the same book do not corrupt anything —
/// the last writer wins.
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

    /// Loads the state of the book with content key `key`.
    public func load(key: String) -> LoadResult {
        let url = url(forKey: key)
        guard let data = FileManager.default.contents(atPath: url.path) else { return .none }
        if let state = try? JSONDecoder().decode(BookState.self, from: data), state.key == key,
           state.position.offset >= 0, state.position.chapter >= 0 {
            return .found(state)
        }
        let aside = url.appendingPathExtension("corrupt")
        try? FileManager.default.removeItem(at: aside)
        try? FileManager.default.moveItem(at: url, to: aside)
        return .recovered(warning: "\(url.path): unreadable reading state set aside as \(aside.lastPathComponent); starting at the beginning")
    }

    /// Saves a book's state atomically.
    public func save(_ state: BookState) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write(try encoder.encode(state), to: url(forKey: state.key))
    }

    /// The last book opened, if recorded and still present.
    public func lastBook() -> String? {
        let url = folder.appendingPathComponent("last-book")
        guard let data = FileManager.default.contents(atPath: url.path),
              let path = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .newlines),
              !path.isEmpty else { return nil }
        return path
    }

    /// Records the last book opened.
    public func setLastBook(_ path: String) throws {
        try AtomicFile.write(Data((path + "\n").utf8), to: folder.appendingPathComponent("last-book"))
    }
}
