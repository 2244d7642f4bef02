/// The orders of the library's listings (`s` on the bookshelf cycles through them).
public enum LibrarySort: String, CaseIterable, Codable, Sendable {
    /// Last opened first, then last added first.
    case recent
    /// By title, ignoring case and diacritics (`LibraryFolding`).
    case title
    /// By first author, then title.
    case author
    /// Most read first.
    case progress

    /// The next order in the cycle.
    public var next: LibrarySort {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// Whether `a` comes before `b` in this order (ties broken by title, then path, so
    /// the order is total and stable from run to run).
    public func areInOrder(_ a: LibraryEntry, _ b: LibraryEntry) -> Bool {
        switch self {
        case .recent:
            let ra = a.lastOpened ?? -1, rb = b.lastOpened ?? -1
            if ra != rb { return ra > rb }
            if a.added != b.added { return a.added > b.added }
        case .title:
            break
        case .author:
            let c = LibraryFolding.order(a.authors.first ?? "\u{10FFFF}", b.authors.first ?? "\u{10FFFF}")
            if c != 0 { return c < 0 }
        case .progress:
            if a.progress != b.progress { return a.progress > b.progress }
        }
        let c = LibraryFolding.order(a.title, b.title)
        if c != 0 { return c < 0 }
        return a.path < b.path
    }
}
