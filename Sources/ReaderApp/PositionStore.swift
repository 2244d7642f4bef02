import ReaderState

/// Where reading positions and bookmarks are kept between runs. `StateStore` (one JSON file
/// per book in the XDG state folder) is the real one; tests may use `MemoryPositionStore`.
public protocol PositionStore: AnyObject {
    /// The saved state of the book with content key `key`.
    func load(key: String) -> StateStore.LoadResult
    /// Saves a book's state (atomically, for the real store).
    func save(_ state: BookState) throws
    /// The path of the last book opened, if recorded.
    func lastBook() -> String?
    /// Records the path of the last book opened.
    func setLastBook(_ path: String) throws
    /// The latest state of another key last opened from `path` (the file before an edit).
    func latestState(lastPath path: String, otherThan key: String) -> BookState?
}

/// `StateStore` as a reference type the session and the loop can share.
public final class FilePositionStore: PositionStore {
    /// The store on disk.
    public let store: StateStore

    /// A store over `store`.
    public init(_ store: StateStore) {
        self.store = store
    }

    public func load(key: String) -> StateStore.LoadResult { store.load(key: key) }
    public func save(_ state: BookState) throws { try store.save(state) }
    public func lastBook() -> String? { store.lastBook() }
    public func setLastBook(_ path: String) throws { try store.setLastBook(path) }
    public func latestState(lastPath path: String, otherThan key: String) -> BookState? {
        store.latestState(lastPath: path, otherThan: key)
    }
}

/// An in-memory store (tests): remembers what was saved, and how many times.
public final class MemoryPositionStore: PositionStore {
    /// Saved states by key.
    public private(set) var states: [String: BookState] = [:]
    /// The last book recorded.
    public private(set) var last: String?
    /// Number of `save` calls.
    public private(set) var saveCount = 0

    /// An empty store.
    public init() {}

    public func load(key: String) -> StateStore.LoadResult { states[key].map { .found($0) } ?? .none }
    public func save(_ state: BookState) throws {
        states[state.key] = state
        saveCount += 1
    }
    public func lastBook() -> String? { last }
    public func setLastBook(_ path: String) throws { last = path }
    public func latestState(lastPath path: String, otherThan key: String) -> BookState? {
        states.values.filter { $0.lastPath == path && $0.key != key }.max { $0.updated < $1.updated }
    }
}
