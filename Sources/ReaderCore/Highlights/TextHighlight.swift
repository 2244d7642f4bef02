import TextContent

/// A highlight as the reader shows it: a byte range of the book, its colour and its note.
/// The host keeps what else is stored (the quote and its context, the times) by `id`
/// (`ReaderState.Highlight`, docs/ANNOTATIONS.md).
public struct TextHighlight: Hashable, Sendable {
    /// Unique within the book; made by `ReadingContext.makeHighlightID` for new ones.
    public var id: String
    /// The highlighted bytes.
    public var range: ByteRange
    /// Which of `HighlightColor`'s colours.
    public var color: HighlightColor
    /// The note on it, if any (may hold line feeds).
    public var note: String?

    /// Creates a highlight.
    public init(id: String, range: ByteRange, color: HighlightColor = .yellow, note: String? = nil) {
        self.id = id
        self.range = range
        self.color = color
        self.note = note
    }
}

/// The colours a highlight can have (`H` cycles them).
public enum HighlightColor: Int, CaseIterable, Hashable, Sendable, Codable {
    case yellow, green, blue, pink, purple

    /// Its name, as exports and the list show it.
    public var name: String {
        switch self {
        case .yellow: return "yellow"
        case .green: return "green"
        case .blue: return "blue"
        case .pink: return "pink"
        case .purple: return "purple"
        }
    }

    /// The colour named `name`, if any.
    public init?(name: String) {
        guard let c = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = c
    }

    /// The next colour, round.
    public var next: HighlightColor { Self(rawValue: (rawValue + 1) % Self.allCases.count)! }
}
