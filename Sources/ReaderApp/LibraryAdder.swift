import BookFormats
import ReaderState
import Support
import TextContent

/// `reader add`: turns book files into library entries — the content hash of the bytes
/// and the metadata only (`BookInfoReader`: never a whole-book parse) — and stores them
/// in the library in batches, each under the library's lock.
public struct LibraryAdder {
    /// What one `add` did.
    public struct Report: Sendable {
        /// New entries.
        public var added = 0
        /// Entries found again by content hash (moved or re-added files): path and metadata updated.
        public var updated = 0
        /// Entries already there, unchanged.
        public var unchanged = 0
        /// Files that were not added, with the reason, in path order.
        public var skipped: [(path: String, reason: String)] = []
    }

    /// The library written to.
    public let store: LibraryStore
    /// Entries written per locked update (a `kill -9` loses at most one batch's work).
    public var batchSize = 200

    /// An adder into `store`.
    public init(store: LibraryStore) {
        self.store = store
    }

    /// The entry for the book file at `path` (absolute), or the reason it is not one.
    public static func entry(forFile path: String, now: Double) -> Result<LibraryEntry, BookError> {
        do {
            let metadata = try BookInfoReader.read(path: path)
            guard let key = ContentHash.ofFile(path) else { return .failure(.unreadable(path: path, reason: "cannot read")) }
            let size = FileSystem.entrySize(path) ?? 0
            return .success(LibraryEntry(key: key, path: path, title: metadata.title, authors: metadata.authors,
                                         language: metadata.language, format: metadata.format.rawValue, fileSize: size, added: now))
        } catch let e as BookError {
            return .failure(e)
        } catch {
            return .failure(.unreadable(path: path, reason: "\(error)"))
        }
    }

    /// Adds the books of `found`; `progress(done, total)` is called after each file.
    public func add(_ found: LibraryScan.Found, now: Double = WallClock.now(),
                    progress: (Int, Int) -> Void = { _, _ in }) throws -> Report {
        var report = Report()
        report.skipped = found.unreadable + found.others.map { ($0, "not a book (EPUB, TXT, FB2, MOBI, AZW3, HTML or Markdown)") }
        var batch: [LibraryEntry] = []
        for (i, path) in found.books.enumerated() {
            switch Self.entry(forFile: path, now: now) {
            case .success(let entry): batch.append(entry)
            case .failure(let error): report.skipped.append((path, Self.reason(error, path: path)))
            }
            if batch.count >= batchSize { try store(&batch, into: &report) }
            progress(i + 1, found.books.count)
        }
        try store(&batch, into: &report)
        report.skipped.sort { $0.path < $1.path }
        return report
    }

    private func store(_ batch: inout [LibraryEntry], into report: inout Report) throws {
        guard !batch.isEmpty else { return }
        let results = try store.update { library in batch.map { library.add($0) } }
        for r in results {
            switch r {
            case .added: report.added += 1
            case .updated: report.updated += 1
            case .unchanged: report.unchanged += 1
            }
        }
        batch.removeAll()
    }

    /// The error's text without the file name (the caller names the file).
    static func reason(_ error: BookError, path: String) -> String {
        let text = error.message
        return text.hasPrefix(path + ": ") ? String(text.dropFirst(path.count + 2)) : text
    }
}
