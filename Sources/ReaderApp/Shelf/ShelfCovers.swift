import BookFormats
import Glibc
import Images
import ReaderState
import Support
import TextContent

/// The covers of the bookshelf's books (issue #19), found lazily: only the selected
/// entry's, on a background thread, remembered per file (path, size and modification
/// time, so a changed file is looked at again). Finding one reads the book's metadata
/// (`BookInfoReader`: an EPUB's container and OPF), the cover's bytes
/// (`BookResources`) and its header, never decoding it; a book without a cover, an
/// unreadable one or a missing file has none, and says nothing.
public final class ShelfCovers: @unchecked Sendable {
    /// What is known of an entry's cover.
    public enum Lookup: Equatable {
        /// Being looked for.
        case pending
        /// None (no cover, unreadable, missing file, not a picture that can be drawn).
        case none
        /// Found: `id` names it for `bytes(of:)` (and `PagePicture.source`), with its pixel size.
        case found(id: String, width: Int, height: Int)
    }

    /// Where a found cover's bytes are.
    private struct Found {
        var path: String
        var format: BookFormat
        var source: String
    }

    private let lock = Lock()
    private var results: [String: Lookup] = [:]
    private var found: [String: Found] = [:]
    /// The last cover read, for the decode that follows its lookup.
    private var lastBytes: (id: String, bytes: [UInt8])?
    /// The entry to look up next (only the latest asked: a selection that moved on is not looked up).
    private var wanted: (id: String, path: String)?
    /// Whether a thread runs `work()` (one at a time: it takes the wanted entries in turn).
    private var working = false
    private var lookups = 0
    /// Lookups done (tests, the benchmark).
    public var lookupsDone: Int {
        lock.lock(); defer { lock.unlock() }
        return lookups
    }

    /// No cover known yet.
    public init() {}

    /// The cover of `entry`: known at once when it was looked up before (or the file is
    /// gone); else `.pending`, the lookup started in the background.
    public func lookup(_ entry: LibraryEntry) -> Lookup {
        guard !entry.path.isEmpty, let id = Self.id(path: entry.path) else { return .none }
        lock.lock(); defer { lock.unlock() }
        if let known = results[id] { return known }
        wanted = (id, entry.path)
        if !working {
            working = true
            // (Dispatch's queue had the .userInitiated quality: Linux's threads have no equivalent.)
            Threads.detach { self.work() }
        }
        return .pending
    }

    /// The bytes of the cover `id` (from `lookup`).
    public func bytes(of id: String) throws -> [UInt8] {
        lock.lock()
        if let last = lastBytes, last.id == id { lock.unlock(); return last.bytes }
        let place = found[id]
        lock.unlock()
        guard let place else { throw BookError.unreadable(path: id, reason: "no cover") }
        return try BookResources.bytes(of: place.source, inBookAt: place.path, format: place.format)
    }

    /// A file's identity: path, size and modification time; nil when it is not a regular file.
    static func id(path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        return "\(path)\u{0}\(st.st_size)\u{0}\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)"
    }

    /// The background lookups: the latest wanted entry, until none is wanted.
    private func work() {
        while true {
            lock.lock()
            guard let next = wanted else { working = false; lock.unlock(); return }
            wanted = nil
            let done = results[next.id] != nil
            lock.unlock()
            if done { continue }
            let (result, place, bytes) = Self.find(path: next.path, id: next.id)
            lock.lock()
            results[next.id] = result
            if case .found(let id, _, _) = result, let place { found[id] = place; lastBytes = (id, bytes) }
            lookups += 1
            lock.unlock()
        }
    }

    /// The cover of the book at `path` (known as `id`), where it is and its bytes.
    private static func find(path: String, id: String) -> (Lookup, Found?, [UInt8]) {
        do {
            let metadata = try BookInfoReader.read(path: path)
            guard let cover = metadata.cover else { return (.none, nil, []) }
            let bytes = try BookResources.bytes(of: cover, inBookAt: path, format: metadata.format)
            let header = try ImageHeader.read(bytes)
            guard header.width * header.height <= ImageLimits.maxPixels else { return (.none, nil, []) }
            return (.found(id: id, width: header.width, height: header.height),
                    Found(path: path, format: metadata.format, source: cover), bytes)
        } catch {
            return (.none, nil, [])
        }
    }
}
