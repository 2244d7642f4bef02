import Foundation   // compare(_:_:): case- and diacritic-insensitive order (the shelf)

/// The orders of the library's listings (`s` on the bookshelf cycles through them).
public enum LibrarySort: String, CaseIterable, Codable, Sendable {
    /// Last opened first, then last added first.
    case recent
    /// By title, ignoring case and diacritics.
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
            let c = Self.compare(a.authors.first ?? "\u{10FFFF}", b.authors.first ?? "\u{10FFFF}")
            if c != .orderedSame { return c == .orderedAscending }
        case .progress:
            if a.progress != b.progress { return a.progress > b.progress }
        }
        let c = Self.compare(a.title, b.title)
        if c != .orderedSame { return c == .orderedAscending }
        return a.path < b.path
    }

    /// Case- and diacritic-insensitive comparison.
    static func compare(_ a: String, _ b: String) -> ComparisonResult {
        a.compare(b, options: [.caseInsensitive, .diacriticInsensitive])
    }
}
