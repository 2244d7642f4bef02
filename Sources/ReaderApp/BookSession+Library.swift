import ReaderState
import Support
import TextContent

extension BookSession {
    /// The library entry of this book (nil for the bundled sample), dated `now`.
    public func libraryEntry(now: Double) -> LibraryEntry? {
        guard let path else { return nil }
        let size = FileSystem.entrySize(path) ?? 0
        let metadata = content.metadata
        return LibraryEntry(key: key, path: path, title: metadata.title, authors: metadata.authors, language: metadata.language,
                            format: metadata.format.rawValue, fileSize: size, added: now, lastOpened: now,
                            textBytes: isPartial ? nil : content.bytes.count)  // a part's size is not the book's
    }

    /// Records in `library` that this book is open now at `progress` (0…1): added if it
    /// is not there, its path, progress and last-opened time updated. Failures are
    /// ignored (the reading position itself is saved in the book's state file).
    /// A partial session (its progress and size are not the book's) records the book and
    /// the time, and keeps the progress recorded before (0 for a new book).
    public func recordInLibrary(progress: Double, now: Double = WallClock.now()) {
        guard let library, let entry = libraryEntry(now: now) else { return }
        let partial = isPartial
        try? library.update { library in
            let known = partial ? library.entry(key: entry.key)?.progress ?? 0 : progress
            library.recordOpened(entry, progress: known, at: now)
        }
    }
}
