import Foundation
import ReaderState

extension BookSession {
    /// The library entry of this book (nil for the bundled sample), dated `now`.
    public func libraryEntry(now: Double) -> LibraryEntry? {
        guard let path else { return nil }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        let metadata = content.metadata
        return LibraryEntry(key: key, path: path, title: metadata.title, authors: metadata.authors, language: metadata.language,
                            format: metadata.format.rawValue, fileSize: size, added: now, lastOpened: now,
                            textBytes: content.bytes.count)
    }

    /// Records in `library` that this book is open now at `progress` (0…1): added if it
    /// is not there, its path, progress and last-opened time updated. Failures are
    /// ignored (the reading position itself is saved in the book's state file).
    /// Not for a partial session (its progress and size are not the book's).
    public func recordInLibrary(progress: Double, now: Double = Date().timeIntervalSince1970) {
        guard !isPartial, let library, let entry = libraryEntry(now: now) else { return }
        try? library.update { $0.recordOpened(entry, progress: progress, at: now) }
    }
}
