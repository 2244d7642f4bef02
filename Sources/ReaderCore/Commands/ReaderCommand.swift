import TextContent

/// A `:` command, parsed: `chapter N` (`c`, `ch`, or just `N`), `offset B` (`o`), `N%`,
/// and `q` (which only says how to quit). Anything else becomes a message saying what is
/// accepted; a number out of range, one saying what the range is ("the book has 141
/// chapters", "a percentage is 0–100").
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
    /// when it is empty. A number out of range says what the range is.
    static func parse(_ text: String, chapterCount: Int, textLength: Int) -> ReaderCommand? {
        let words = text.split(separator: " ").map(String.init)
        guard let verb = words.first else { return nil }
        if verb.hasSuffix("%"), let p = Double(verb.dropLast()) {
            return p >= 0 && p <= 100 ? .percent(p) : .message("A percentage is 0–100")
        }
        switch verb {
        case "chapter", "c", "ch":
            if words.count == 2, let n = Int(words[1]) { return chapter(n, of: chapterCount) }
            return .message("Usage: :chapter N (1–\(chapterCount))")
        case "offset", "o":
            if words.count == 2, let b = Int(words[1]) {
                return b >= 0 && b <= textLength ? .offset(ByteOffset(b)) : .message("The text has \(textLength) bytes: an offset is 0–\(textLength)")
            }
            return .message("Usage: :offset B (0–\(textLength))")
        case "q", "quit":
            return .message("Press q to quit")
        default:
            if words.count == 1, let n = Int(verb) { return chapter(n, of: chapterCount) }
            return .message("Unknown command: \(text)  (try :chapter N, :offset B, :42%)")
        }
    }

    /// Chapter `number` (1-based), or what the book's chapters are.
    private static func chapter(_ number: Int, of count: Int) -> ReaderCommand {
        if number >= 1 && number <= count { return .chapter(number - 1) }
        return .message(count == 1 ? "The book has 1 chapter" : "The book has \(count) chapters (1–\(count))")
    }

    /// Carries the command out on the reading state.
    func run(in context: ReadingContext) {
        switch self {
        case .chapter(let index): context.recordingJump { context.jumpToChapter(index) }
        case .offset(let offset): context.recordingJump { context.jump(to: offset) }
        case .percent(let p):
            context.recordingJump { context.jump(to: context.lineStart(containing: Progress.offset(forPercent: p, in: context.content))) }
        case .message(let text): context.showMessage(text)
        }
    }
}
