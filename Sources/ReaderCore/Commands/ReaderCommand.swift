import TextContent

/// A `:` command, parsed: `chapter N` (`c`, `ch`, or just `N`), `offset B` (`o`), `N%`,
/// and `q` (which only says how to quit). Anything else, or a number out of range,
/// becomes a message saying what is accepted.
enum ReaderCommand: Hashable {
    /// Go to chapter `index` (0-based).
    case chapter(Int)
    /// Go to a byte offset of the text.
    case offset(ByteOffset)
    /// Go to a percentage (0…100) of the book.
    case percent(Double)
    /// Nothing to do but show this message.
    case message(String)

    /// Parses `text` for a book of `chapterCount` chapters and `textLength` bytes; nil
    /// when it is empty.
    static func parse(_ text: String, chapterCount: Int, textLength: Int) -> ReaderCommand? {
        let words = text.split(separator: " ").map(String.init)
        guard let verb = words.first else { return nil }
        if verb.hasSuffix("%"), let p = Double(verb.dropLast()), p >= 0, p <= 100 {
            return .percent(p)
        }
        switch verb {
        case "chapter", "c", "ch":
            if words.count == 2, let n = Int(words[1]), n >= 1, n <= chapterCount { return .chapter(n - 1) }
            return .message("Usage: :chapter N (1–\(chapterCount))")
        case "offset", "o":
            if words.count == 2, let b = Int(words[1]), b >= 0, b <= textLength { return .offset(ByteOffset(b)) }
            return .message("Usage: :offset B (0–\(textLength))")
        case "q", "quit":
            return .message("Press q to quit")
        default:
            if let n = Int(verb), n >= 1, n <= chapterCount { return .chapter(n - 1) }
            return .message("Unknown command: \(text)  (try :chapter N, :offset B, :42%)")
        }
    }

    /// Carries the command out on the reading state.
    func run(in context: ReadingContext) {
        switch self {
        case .chapter(let index): context.jumpToChapter(index)
        case .offset(let offset): context.jump(to: offset)
        case .percent(let p): context.jump(to: context.lineStart(containing: Progress.offset(forPercent: p, in: context.content)))
        case .message(let text): context.showMessage(text)
        }
    }
}
