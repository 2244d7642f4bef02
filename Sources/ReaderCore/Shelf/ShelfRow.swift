/// One book as the bookshelf shows it: texts already formatted, so the view only places them.
public struct ShelfRow: Hashable, Sendable {
    /// Title (one line, sanitised).
    public var title: String
    /// Authors ("A, B"), or "".
    public var author: String
    /// How far it is read, 0…1.
    public var progress: Double
    /// "3 h 10 min", or "—" when no reading speed is known.
    public var timeLeft: String
    /// "today", "3 days ago", "never"; "missing" when the file is gone.
    public var lastRead: String
    /// Whether the file is no longer where the library says.
    public var isMissing: Bool

    /// A row.
    public init(title: String, author: String, progress: Double, timeLeft: String, lastRead: String, isMissing: Bool = false) {
        self.title = title
        self.author = author
        self.progress = progress
        self.timeLeft = timeLeft
        self.lastRead = lastRead
        self.isMissing = isMissing
    }

    /// The progress bar: `cells` cells of █ and ░ (eighths are not used, so every terminal
    /// font draws it the same).
    public static func bar(_ progress: Double, cells: Int) -> String {
        let filled = min(cells, max(0, Int((progress * Double(cells)).rounded(.down))))
        return String(repeating: "█", count: filled) + String(repeating: "░", count: cells - filled)
    }

    /// The percentage, right-aligned in 4 cells ("  0%", " 42%", "100%"); rounded down so
    /// a book is 100% only when finished.
    public static func percent(_ progress: Double) -> String {
        let p = min(100, max(0, Int((progress * 100).rounded(.down))))
        let text = "\(p)%"
        return String(repeating: " ", count: max(0, 4 - text.count)) + text
    }
}
