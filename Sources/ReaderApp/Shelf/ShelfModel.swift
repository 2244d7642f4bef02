import ReaderCore
import ReaderState

/// What a key on the bookshelf asks the loop to do.
public enum ShelfAction: Equatable {
    /// Nothing outside the model.
    case none
    /// Open this book (its file is there); the shelf resumes when the reader quits.
    case open(LibraryEntry)
    /// Remove this entry from the library file (the model has already dropped it).
    case remove(key: String)
    /// Leave the program.
    case quit
}

/// The bookshelf's state: the entries, the sort order, the filter, the selection, a
/// message. Pure — no I/O, no clock: the loop hands in which files are missing and the time.
public final class ShelfModel {
    /// Every entry of the library.
    public internal(set) var entries: [LibraryEntry]
    /// Keys of the entries whose file is not where the library says.
    public internal(set) var missing: Set<String>
    /// The order of the list.
    public internal(set) var sort: LibrarySort
    /// The filter (title or author contains it).
    public internal(set) var query = ""
    /// Whether `/` is taking the filter's characters.
    public internal(set) var isFiltering = false
    /// The entries shown, in order (filtered, sorted).
    public internal(set) var visible: [LibraryEntry] = []
    /// Index in `visible` of the selected entry.
    public internal(set) var selected = 0
    /// Whether the key help is shown.
    public internal(set) var showsHelp = false
    /// A one-line message on the status line, until the next key.
    public var message: String?
    /// Shown as the hint row when the library is empty (the sample entry is then listed).
    public var emptyHint = "Your library is empty. Add books: reader add ~/Books · open one: reader BOOK · Enter: the sample"
    /// Whether the selected book's cover is shown on the right (`ShelfCoverPanel`; the loop
    /// sets it when the terminal can draw pictures).
    public var showsCovers = false
    /// The reading-speed hook for the time-left column.
    public var readingSpeed: ReadingSpeedEstimating?
    /// Screen size.
    public internal(set) var columns: Int
    /// Screen size.
    public internal(set) var rows: Int
    /// The bundled sample's entry (path ""), listed when the library is empty.
    public let sample: LibraryEntry?

    /// A shelf of `entries` on a `columns`×`rows` screen.
    public init(entries: [LibraryEntry], missing: Set<String> = [], sort: LibrarySort = .recent, columns: Int, rows: Int,
                sample: LibraryEntry? = nil) {
        self.entries = entries
        self.missing = missing
        self.sort = sort
        self.columns = columns
        self.rows = rows
        self.sample = sample
        refresh(keeping: nil)
    }

    /// The selected entry.
    public var selectedEntry: LibraryEntry? { selected < visible.count ? visible[selected] : nil }

    /// Whether the list shows only the sample (the library is empty).
    public var showsSample: Bool { entries.isEmpty && sample != nil }

    /// New entries (after the reader updated one, or another process added some), the
    /// selection kept on the same book when it is still listed.
    public func replace(entries: [LibraryEntry], missing: Set<String>) {
        let key = selectedEntry?.key
        self.entries = entries
        self.missing = missing
        refresh(keeping: key)
    }

    /// A new screen size.
    public func resize(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// Sets the filter; the selection stays on its book if it is still shown, else goes to the first.
    func setFilter(_ text: String) {
        let key = selectedEntry?.key
        query = text
        refresh(keeping: key)
        if visible.firstIndex(where: { $0.key == key }) == nil { selected = 0 }
    }

    /// Recomputes `visible` (filter, then sort), selecting `key` if it is shown.
    func refresh(keeping key: String?) {
        let shown = showsSample ? [sample!] : entries.filter { Library.matches($0, query: query) }
        visible = shown.sorted(by: sort.areInOrder)
        if let key, let i = visible.firstIndex(where: { $0.key == key }) { selected = i }
        selected = min(selected, max(0, visible.count - 1))
    }

    /// Rows of books on the screen.
    var pageRows: Int { ShelfView.bookRows(screenRows: rows) }
}
